/*
 * user_objects.c: user objects, a program's resource whose destructor runs
 * when the last reference goes, and the references graphs hold:
 * hipUserObjectCreate, Retain and Release, hipGraphRetainUserObject and
 * hipGraphReleaseUserObject (clr hip_graph.cpp, hip::UserObject).
 *
 * As clr: a release of more references than an object has, or of an object
 * already gone, does nothing and succeeds; a graph's destruction releases its
 * references (none when it holds more than the object has); a clone holds one
 * reference of each object its original holds. The graph keeps object ids, so
 * an object gone is simply no longer found, as clr takes it out of every
 * owning graph. The destructor runs after the call's lock is dropped, so it
 * may call the runtime: clr runs it in the releasing call too.
 */
#include <limits.h>
#include <stdlib.h>

#include "runtime/streams/streams.h"

struct mh_user_object {
  uint64_t id;
  void *ptr;
  hipHostFn_t destroy;
  unsigned long long refs;
  mh_user_object *next_dying;
};

/* ---- under the write lock ---- */

static mh_user_object *object_of(mh_state *s, hipUserObject_t object) {
  return object != NULL ? mh__idmap_get(&s->user_objects, (uint64_t)(uintptr_t)object) : NULL;
}

/* Drops count of o's references; the last one takes o out of the registry, its destructor to
   run at the next mh__user_objects_run. */
static void drop(mh_state *s, mh_user_object *o, unsigned long long count) {
  o->refs -= count;
  if (o->refs > 0)
    return;
  mh__idmap_del(&s->user_objects, o->id);
  o->next_dying = s->user_objects_dying;
  s->user_objects_dying = o;
}

/* g's entry for object id, NULL if it holds none (or the object is gone). */
static mh_graph_user_object *entry_of(mh_state *s, mh_graph *g, uint64_t id) {
  for (size_t i = 0; i < g->user_object_count; i++)
    if (g->user_objects[i].id == id)
      return mh__idmap_get(&s->user_objects, id) != NULL ? &g->user_objects[i] : NULL;
  return NULL;
}

static hipError_t add_entry(mh_graph *g, uint64_t id, unsigned long long count) {
  mh_graph_user_object *grown =
      realloc(g->user_objects, (g->user_object_count + 1) * sizeof *grown);
  if (grown == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph's user objects");
  g->user_objects = grown;
  g->user_objects[g->user_object_count++] = (mh_graph_user_object){id, count};
  return hipSuccess;
}

void mh__graph_user_objects_release(mh_state *s, mh_graph *g) {
  /* ~Graph: a holding larger than the object's count is skipped */
  for (size_t i = 0; i < g->user_object_count; i++) {
    mh_user_object *o = mh__idmap_get(&s->user_objects, g->user_objects[i].id);
    if (o != NULL && g->user_objects[i].count <= o->refs)
      drop(s, o, g->user_objects[i].count);
  }
  free(g->user_objects);
  g->user_objects = NULL;
  g->user_object_count = 0;
}

hipError_t mh__graph_user_objects_clone(mh_state *s, const mh_graph *from, mh_graph *to) {
  /* Graph::clone: one reference per object for the copy */
  for (size_t i = 0; i < from->user_object_count; i++) {
    mh_user_object *o = mh__idmap_get(&s->user_objects, from->user_objects[i].id);
    if (o == NULL)
      continue;
    hipError_t err = add_entry(to, o->id, 1);
    if (err != hipSuccess)
      return err;
    o->refs++;
  }
  return hipSuccess;
}

/* ---- the destructors, outside the lock ---- */

void mh__user_objects_run(mh_state *s) {
  mh__lock_write();
  mh_user_object *dying = s->user_objects_dying;
  s->user_objects_dying = NULL;
  mh__unlock();
  while (dying != NULL) {
    mh_user_object *next = dying->next_dying;
    dying->destroy(dying->ptr);
    free(dying);
    dying = next;
  }
}

/* ---- the calls ---- */

/* count as the calls take it: 1 to INT_MAX */
static hipError_t check_count(unsigned count, const char *name) {
  return count == 0 || count > INT_MAX
             ? mh__fail(hipErrorInvalidValue, "%s is %u: give 1 to INT_MAX", name, count)
             : hipSuccess;
}

MH_EXPORT hipError_t hipUserObjectCreate(hipUserObject_t *object_out, void *ptr,
                                         hipHostFn_t destroy, unsigned int initialRefcount,
                                         unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipUserObjectCreate, MH_CALLER, &s);
  if (err == hipSuccess && (object_out == NULL || destroy == NULL))
    err =
        mh__fail(hipErrorInvalidValue, "%s is NULL", object_out == NULL ? "object_out" : "destroy");
  if (err == hipSuccess && flags != hipUserObjectNoDestructorSync)
    err = mh__fail(hipErrorInvalidValue,
                   "flags is %#x: HIP takes only hipUserObjectNoDestructorSync (1)", flags);
  if (err == hipSuccess)
    err = check_count(initialRefcount, "initialRefcount");
  mh_user_object *o = NULL;
  if (err == hipSuccess && (o = malloc(sizeof *o)) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the user object");
  if (err == hipSuccess) {
    mh__lock_write();
    *o = (mh_user_object){.id = mh__new_id(s, MH_ID_USER_OBJECT),
                          .ptr = ptr,
                          .destroy = destroy,
                          .refs = initialRefcount};
    if (mh__idmap_put(&s->user_objects, o->id, o) != 0) {
      free(o);
      err = mh__fail(hipErrorOutOfMemory, "no memory for the user object");
    } else {
      *object_out = (hipUserObject_t)(uintptr_t)o->id;
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipUserObjectCreate, err,
                   "%s, ptr=%s, destroy=%p, initialRefcount=%u, flags=%#x",
                   mh__d_out_ptr("object_out", (void *const *)object_out, err), mh__d_ptr(ptr),
                   (void *)(uintptr_t)destroy, initialRefcount, flags);
}

/* hipUserObjectRelease (retain false) and hipUserObjectRetain: count references of object
   dropped or added; an object gone, or a release of more than it has, is nothing, as clr. */
static hipError_t change_refs(mh_state *s, hipUserObject_t object, unsigned count, bool retain) {
  hipError_t err = object == NULL ? mh__fail(hipErrorInvalidValue, "object is NULL")
                                  : check_count(count, "count");
  if (err != hipSuccess)
    return err;
  mh__lock_write();
  mh_user_object *o = object_of(s, object);
  if (o != NULL && retain)
    o->refs += count;
  else if (o != NULL && count <= o->refs)
    drop(s, o, count);
  mh__unlock();
  if (!retain) /* only a release can leave a destructor to run */
    mh__user_objects_run(s);
  return hipSuccess;
}

MH_EXPORT hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipUserObjectRelease, MH_CALLER, &s);
  if (err == hipSuccess)
    err = change_refs(s, object, count, false);
  return mh__leave(MOCKHIP_CALL_hipUserObjectRelease, err, "object=%p, count=%u", (void *)object,
                   count);
}

MH_EXPORT hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipUserObjectRetain, MH_CALLER, &s);
  if (err == hipSuccess)
    err = change_refs(s, object, count, true);
  return mh__leave(MOCKHIP_CALL_hipUserObjectRetain, err, "object=%p, count=%u", (void *)object,
                   count);
}

/* hipGraphRetainUserObject and hipGraphReleaseUserObject's common checks. */
static hipError_t graph_checks(hipGraph_t graph, hipUserObject_t object, unsigned count) {
  if (graph == NULL || object == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", graph == NULL ? "graph" : "object");
  return check_count(count, "count");
}

MH_EXPORT hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                              unsigned int count, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphRetainUserObject, MH_CALLER, &s);
  if (err == hipSuccess)
    err = graph_checks(graph, object, count);
  if (err == hipSuccess && flags != 0 && flags != hipGraphUserObjectMove)
    err =
        mh__fail(hipErrorInvalidValue, "flags is %#x: give 0 or hipGraphUserObjectMove (1)", flags);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph *g;
    err = mh__graph_get(s, graph, "graph", &g);
    mh_user_object *o = err == hipSuccess ? object_of(s, object) : NULL;
    if (o != NULL) { /* an object gone: nothing, as clr */
      mh_graph_user_object *e = entry_of(s, g, o->id);
      if (e == NULL)
        err = add_entry(g, o->id, count);
      else
        e->count += count;
      /* a move hands over references the caller holds; else the graph takes new ones */
      if (err == hipSuccess && flags != hipGraphUserObjectMove)
        o->refs += count;
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphRetainUserObject, err,
                   "graph=%s, object=%p, count=%u, flags=%#x", mh__d_graph(graph), (void *)object,
                   count, flags);
}

MH_EXPORT hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                               unsigned int count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphReleaseUserObject, MH_CALLER, &s);
  if (err == hipSuccess)
    err = graph_checks(graph, object, count);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph *g;
    err = mh__graph_get(s, graph, "graph", &g);
    mh_user_object *o = err == hipSuccess ? object_of(s, object) : NULL;
    mh_graph_user_object *e = o != NULL ? entry_of(s, g, o->id) : NULL;
    /* one the graph does not hold, or more than the object has: nothing, as clr */
    if (e != NULL && count <= o->refs) {
      e->count = e->count > count ? e->count - count : 0;
      drop(s, o, count);
    }
    mh__unlock();
    mh__user_objects_run(s);
  }
  return mh__leave(MOCKHIP_CALL_hipGraphReleaseUserObject, err, "graph=%s, object=%p, count=%u",
                   mh__d_graph(graph), (void *)object, count);
}
