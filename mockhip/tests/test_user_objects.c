/*
 * test_user_objects.c: user objects and the references graphs hold, as clr
 * hip_graph.cpp keeps them. A destructor runs once, when the last reference
 * goes: a release by the program, by a graph (hipGraphReleaseUserObject), or a
 * graph's destruction; a clone and a child graph node's graph hold one
 * reference each; a destructor may call the runtime. The negative group holds
 * clr's refusals, and the releases clr takes as nothing.
 */
#include "mock_test.h"

#include <limits.h>
#include <stdlib.h>

/* What a destructor saw: how often it ran, with which pointer. */
typedef struct seen {
  int runs;
  void *last;
} seen;

static void count_destroy(void *ptr) {
  seen *s = ptr;
  s->runs++;
  s->last = ptr;
}

static hipUserObject_t make(seen *s, unsigned refs) {
  hipUserObject_t object = NULL;
  MT_CHECK(hipUserObjectCreate(&object, s, count_destroy, refs, hipUserObjectNoDestructorSync));
  assert_non_null(object);
  return object;
}

static void test_last_release_destroys_once(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 2);
  MT_CHECK(hipUserObjectRetain(object, 3)); /* 5 */
  MT_CHECK(hipUserObjectRelease(object, 4));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipUserObjectRelease(object, 1));
  assert_int_equal(s.runs, 1);
  assert_ptr_equal(s.last, &s);
  /* gone: clr answers hipSuccess and does nothing */
  MT_CHECK(hipUserObjectRelease(object, 1));
  MT_CHECK(hipUserObjectRetain(object, 1));
  assert_int_equal(s.runs, 1);
}

static void test_release_of_more_than_held_is_nothing(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 2);
  MT_CHECK(hipUserObjectRelease(object, 3)); /* clr: count above the references, nothing */
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipUserObjectRelease(object, 2));
  assert_int_equal(s.runs, 1);
}

static void test_graph_destruction_releases_its_references(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 1);
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphRetainUserObject(graph, object, 2, 0)); /* new references: 3 */
  MT_CHECK(hipUserObjectRelease(object, 1));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(s.runs, 1);
}

static void test_move_hands_over_references(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 1);
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphRetainUserObject(graph, object, 1, hipGraphUserObjectMove)); /* still 1 */
  MT_CHECK(hipGraphReleaseUserObject(graph, object, 1));
  assert_int_equal(s.runs, 1);
  MT_CHECK(hipGraphReleaseUserObject(graph, object, 1)); /* held no more: nothing */
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(s.runs, 1);
}

static void test_graph_release_of_one_not_held_is_nothing(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 1);
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphReleaseUserObject(graph, object, 1));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipUserObjectRelease(object, 1));
  assert_int_equal(s.runs, 1);
}

static void test_clone_and_child_hold_one_each(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = make(&s, 1);
  hipGraph_t graph, clone, parent;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphRetainUserObject(graph, object, 1, hipGraphUserObjectMove));
  MT_CHECK(hipGraphClone(&clone, graph));
  MT_CHECK(hipGraphCreate(&parent, 0));
  hipGraphNode_t child;
  MT_CHECK(hipGraphAddChildGraphNode(&child, parent, NULL, 0, graph));
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipGraphDestroy(clone));
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipGraphDestroyNode(child)); /* its own graph goes, with the last reference */
  assert_int_equal(s.runs, 1);
  MT_CHECK(hipGraphDestroy(parent));
}

/* A destructor that calls the runtime: it runs outside the runtime's lock. */
static void free_block(void *ptr) { MT_CHECK(hipFree(ptr)); }

static void test_destructor_may_call_the_runtime(void **state) {
  (void)state;
  void *block;
  MT_CHECK(hipMalloc(&block, 256));
  hipUserObject_t object;
  MT_CHECK(hipUserObjectCreate(&object, block, free_block, 1, hipUserObjectNoDestructorSync));
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphRetainUserObject(graph, object, 1, hipGraphUserObjectMove));
  MT_CHECK(hipGraphDestroy(graph)); /* frees block: teardown finds nothing alive */
}

static void test_negative(void **state) {
  (void)state;
  seen s = {0};
  hipUserObject_t object = NULL;
  MT_EXPECT(hipErrorInvalidValue,
            hipUserObjectCreate(NULL, &s, count_destroy, 1, hipUserObjectNoDestructorSync));
  MT_EXPECT(hipErrorInvalidValue,
            hipUserObjectCreate(&object, &s, NULL, 1, hipUserObjectNoDestructorSync));
  MT_EXPECT(hipErrorInvalidValue,
            hipUserObjectCreate(&object, &s, count_destroy, 0, hipUserObjectNoDestructorSync));
  MT_EXPECT(hipErrorInvalidValue,
            hipUserObjectCreate(&object, &s, count_destroy, (unsigned)INT_MAX + 1,
                                hipUserObjectNoDestructorSync));
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectCreate(&object, &s, count_destroy, 1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectCreate(&object, &s, count_destroy, 1, 2));
  assert_null(object);
  object = make(&s, 1);
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectRelease(NULL, 1));
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectRelease(object, 0));
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectRetain(NULL, 1));
  MT_EXPECT(hipErrorInvalidValue, hipUserObjectRetain(object, (unsigned)INT_MAX + 1));
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRetainUserObject(NULL, object, 1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRetainUserObject(graph, NULL, 1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRetainUserObject(graph, object, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRetainUserObject(graph, object, 1, 2));
  MT_EXPECT(hipErrorInvalidValue, hipGraphReleaseUserObject(NULL, object, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphReleaseUserObject(graph, NULL, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphReleaseUserObject(graph, object, 0));
  MT_CHECK(hipGraphDestroy(graph));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRetainUserObject(graph, object, 1, 0)); /* gone */
  assert_int_equal(s.runs, 0);
  MT_CHECK(hipUserObjectRelease(object, 1));
  assert_int_equal(s.runs, 1);
}

#define TEST(f) MT_CLEAN_TEST(f)

int main(void) {
  const struct CMUnitTest tests[] = {
      TEST(test_last_release_destroys_once),
      TEST(test_release_of_more_than_held_is_nothing),
      TEST(test_graph_destruction_releases_its_references),
      TEST(test_move_hands_over_references),
      TEST(test_graph_release_of_one_not_held_is_nothing),
      TEST(test_clone_and_child_hold_one_each),
      TEST(test_destructor_may_call_the_runtime),
  };
  const struct CMUnitTest negative[] = {
      TEST(test_negative),
  };
  int failed = cmocka_run_group_tests_name("user_objects", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("user_objects_negative", negative, NULL, NULL);
}
