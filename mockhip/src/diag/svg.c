/*
 * svg.c: mockhip_dump_svg, the address space drawn as one standalone SVG.
 *
 * The picture is for someone learning: each reservation a bar, the mappings in
 * it drawn to scale and coloured by their physical handle (one colour at two
 * places is aliasing), the access of every location (a labelled strip per
 * location under each mapping, and in words), the handles with their
 * reference counts.
 * No absolute address appears anywhere, regions come in the order of their
 * numbers and handles in the order of their ids, so the same calls draw the
 * same bytes in every run and a checked-in picture diffs cleanly.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/diag.h"

#define WIDTH 960
#define MARGIN 16
#define BAR_WIDTH (WIDTH - 2 * MARGIN)
#define BAR_HEIGHT 20
#define ROW 16      /* one line of text */
#define MIN_WIDTH 3 /* a mapping this small on the scale still shows */
#define MAX_ROWS 12 /* detail lines per reservation before "... and N more" */
#define MAX_LIST 32 /* handles or blocks listed before "... and N more" */
#define GREY "#d9d9d9"
#define BLOCK "#4f8a8b"
#define STRIP 12 /* one location's access under a bar: its height, tall enough for a label */
#define STRIP_GAP 2
#define STRIP_FONT 10      /* the label's font size */
#define STRIP_CHAR_WIDTH 6 /* a character of the label, DejaVu Sans Mono at 10 (6.02) */
#define MAX_STRIPS 9
/* A location's access in its strip: dark read-write, light read-only, pale none; its label
   in a colour that reads on it. */
#define ACCESS_RW "#1565c0"
#define ACCESS_R "#90caf9"
#define ACCESS_NONE "#e0e0e0"
/* A handle released while still mapped: fine (the tour recommends it), so drawn dashed in a
   neutral grey; red is for errors only. */
#define RELEASED_STROKE " stroke=\"#616161\" stroke-width=\"1.5\" stroke-dasharray=\"5 2\""

/* The drawing so far: elements go to body, y is where the next row starts. */
typedef struct canvas {
  FILE *body;
  int y;
} canvas;

const char *mh__xml_escaped(char c, char spare[2]) {
  switch (c) {
  case '&': return "&amp;";
  case '<': return "&lt;";
  case '>': return "&gt;";
  case '"': return "&quot;";
  case '\'': return "&apos;";
  default:
    /* XML 1.0 allows no control characters but tab and newline. */
    spare[0] = (unsigned char)c < 0x20 && c != '\t' && c != '\n' ? '?' : c;
    spare[1] = '\0';
    return spare;
  }
}

void mh__xml_escape(FILE *out, const char *text) {
  char spare[2];
  for (const char *c = text; *c; c++)
    fputs(mh__xml_escaped(*c, spare), out);
}

/* One <text> at (x, y); attrs is extra markup (bold, colour) or "". */
static void text_at(canvas *c, int x, int y, const char *attrs, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void text_at(canvas *c, int x, int y, const char *attrs, const char *fmt, ...) {
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  /* Spaces kept: detail lines are columns. On each <text>: browsers ignore it on the <svg>. */
  fprintf(c->body, "<text x=\"%d\" y=\"%d\" xml:space=\"preserve\"%s>", x, y, attrs);
  mh__xml_escape(c->body, text);
  fputs("</text>\n", c->body);
}

static void rect(canvas *c, long x, int y, long w, int h, const char *fill, const char *extra) {
  fprintf(c->body, "<rect x=\"%ld\" y=\"%d\" width=\"%ld\" height=\"%d\" fill=\"%s\"%s/>\n", x, y,
          w, h, fill, extra);
}

/* "64 KiB", "2 MiB", "6144 B": the largest unit that divides evenly. */
static void format_bytes(size_t bytes, char *out, size_t out_bytes) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  size_t unit = 0;
  while (unit < 4 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    unit++;
  }
  snprintf(out, out_bytes, "%zu %s", bytes, units[unit]);
}

static const char *access_name(unsigned char flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "rw"
         : flags == hipMemAccessFlagsProtRead    ? "r"
                                                 : "-";
}

/*
 * A handle's colour, from its id alone so it stays the same at every step of a
 * run: hues a golden angle apart (serials 1, 2, 3 land far from each other),
 * written as #rrggbb, which every SVG reader knows.
 */
static void handle_colour(const mh_phys *phys, char out[8]) {
  unsigned long long serial = mh__id_number(phys->id, MH_ID_HANDLE);
  unsigned hue = (unsigned)(serial * 1375 / 10 % 360);
  /* HSL with saturation 0.6 and lightness 0.62, in integer steps of 1/1000. */
  int chroma = (1000 - abs(2 * 620 - 1000)) * 600 / 1000;
  int h6 = (int)hue * 1000 / 60; /* hue / 60, times 1000 */
  int x = chroma * (1000 - abs(h6 % 2000 - 1000)) / 1000;
  int m = 620 - chroma / 2;
  int rgb[3][6] = {
      {chroma, x, 0, 0, x, chroma}, {x, chroma, chroma, x, 0, 0}, {0, 0, x, chroma, chroma, x}};
  int sector = h6 / 1000 % 6;
  snprintf(out, 8, "#%02x%02x%02x", (rgb[0][sector] + m) * 255 / 1000,
           (rgb[1][sector] + m) * 255 / 1000, (rgb[2][sector] + m) * 255 / 1000);
}

/* "dev0 rw  dev1 -  host -": every device up to four, beyond that only those with access. */
static void format_access(const mh_state *s, const mh_mapping *m, char *out, size_t out_bytes) {
  size_t n = 0;
  out[0] = '\0';
  for (int d = 0; d < s->options.devices && n < out_bytes; d++)
    if (s->options.devices <= 4 || m->access[d] != 0)
      n += (size_t)snprintf(out + n, out_bytes - n, "dev%d %s  ", d, access_name(m->access[d]));
  if (n < out_bytes)
    snprintf(out + n, out_bytes - n, "host %s", access_name(m->access[MH_HOST_SLOT(s)]));
}

static bool released_but_mapped(const mh_phys *phys) {
  return phys->handle_refs == 0 && phys->mappings > 0;
}

/* The x and width of [offset, offset+bytes) of a region of `total` bytes on the bar. */
static void scale(size_t offset, size_t bytes, size_t total, long *x, long *w) {
  *x = MARGIN + (long)((unsigned long long)offset * BAR_WIDTH / total);
  *w = (long)((unsigned long long)bytes * BAR_WIDTH / total);
  if (*w < MIN_WIDTH)
    *w = MIN_WIDTH;
  if (*x + *w > MARGIN + BAR_WIDTH)
    *x = MARGIN + BAR_WIDTH - *w;
}

/* One detail line under a bar: a swatch and the text. */
static void detail_row(canvas *c, const char *fill, const char *stroke, const char *text) {
  rect(c, 2 * MARGIN, c->y - 10, 10, 10, fill, stroke);
  text_at(c, 2 * MARGIN + 16, c->y, "", "%s", text);
  c->y += ROW;
}

static const char *access_colour(unsigned char flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? ACCESS_RW
         : flags == hipMemAccessFlagsProtRead    ? ACCESS_R
                                                 : ACCESS_NONE;
}

/* The locations whose access strips r gets: every device up to four, beyond that those with
   access to one of r's mappings (at most MAX_STRIPS - 1), then the host. Into slots. */
static size_t strip_slots(mh_state *s, const mh_region *r, int *slots) {
  size_t n = 0;
  for (int d = 0; d < s->options.devices && n < MAX_STRIPS - 1; d++) {
    bool shown = s->options.devices <= 4;
    for (mh_tree_node *t = mh__tree_next(&s->mappings, r->base - 1); !shown && t != NULL;
         t = mh__tree_next(&s->mappings, t->key)) {
      const mh_mapping *m = MH_CONTAINER(t, mh_mapping, node);
      if (m->reservation != r)
        break;
      shown = m->access[d] != 0;
    }
    if (shown)
      slots[n++] = d;
  }
  slots[n++] = MH_HOST_SLOT(s);
  return n;
}

/* The label of a strip w wide: the location and its access in words ("dev0 read-write"), else
   short ("dev0 rw"), else none where even that does not fit (the detail line says it). */
static void strip_label(canvas *c, long x, long w, int y, const char *location,
                        unsigned char flags) {
  static const char *const words[] = {"none", "read-only", "read-write"};
  unsigned in_words = flags == hipMemAccessFlagsProtReadWrite ? 2
                      : flags == hipMemAccessFlagsProtRead    ? 1
                                                              : 0;
  char label[32];
  snprintf(label, sizeof label, "%s %s", location, words[in_words]);
  if ((long)strlen(label) * STRIP_CHAR_WIDTH + 8 > w)
    snprintf(label, sizeof label, "%s %s", location, access_name(flags));
  if ((long)strlen(label) * STRIP_CHAR_WIDTH + 8 > w)
    return;
  char attrs[64];
  snprintf(attrs, sizeof attrs, " font-size=\"%d\" fill=\"%s\"", STRIP_FONT,
           flags == hipMemAccessFlagsProtReadWrite ? "#ffffff"
           : flags == hipMemAccessFlagsProtRead    ? "#0d47a1"
                                                   : "#616161");
  text_at(c, (int)x + 4, y + STRIP - 2, attrs, "%s", label);
}

/* m's access strips under the bar at bar_y, one per slot (the host's last), each coloured by
   its access and labelled; a white edge parts the strips of neighbouring mappings. */
static void draw_strips(canvas *c, const mh_mapping *m, long x, long w, int bar_y, const int *slots,
                        size_t count) {
  for (size_t k = 0; k < count; k++) {
    int y = bar_y + BAR_HEIGHT + STRIP_GAP + (int)k * (STRIP + STRIP_GAP);
    unsigned char flags = m->access[slots[k]];
    rect(c, x, y, w, STRIP, access_colour(flags), " stroke=\"#ffffff\" stroke-width=\"0.5\"");
    char location[16] = "host";
    if (k + 1 < count)
      snprintf(location, sizeof location, "dev%d", slots[k]);
    strip_label(c, x, w, y, location, flags);
  }
}

static void draw_reservation(canvas *c, mh_state *s, const mh_region *r) {
  char bytes[32], line[384], offset[32]; /* detail lines are columns: offset, size, what */
  format_bytes(r->bytes, bytes, sizeof bytes);
  text_at(c, MARGIN, c->y, " font-weight=\"bold\"", "reservation#%lu  %s, %zu mapping%s", r->number,
          bytes, r->mappings, r->mappings == 1 ? "" : "s");
  c->y += 6;
  int bar_y = c->y;
  /* The whole bar is reserved address space; mappings cover parts of it. */
  rect(c, MARGIN, bar_y, BAR_WIDTH, BAR_HEIGHT, GREY,
       " stroke=\"#9e9e9e\" stroke-dasharray=\"4 3\"");
  int slots[MAX_STRIPS];
  size_t strips = r->mappings > 0 ? strip_slots(s, r, slots) : 0;
  c->y += BAR_HEIGHT + (int)strips * (STRIP + STRIP_GAP) + ROW;
  if (strips > 0) { /* which strip is which location, top to bottom */
    char names[160];
    size_t n = 0;
    for (size_t k = 0; k + 1 < strips && n < sizeof names; k++)
      n += (size_t)snprintf(names + n, sizeof names - n, "dev%d, ", slots[k]);
    if (n < sizeof names)
      snprintf(names + n, sizeof names - n, "host");
    text_at(c, 2 * MARGIN, c->y, " fill=\"#616161\"", "access strips, top to bottom: %s", names);
    c->y += ROW;
  }
  uintptr_t end = r->base + r->bytes, at = r->base;
  size_t rows = 0, hidden = 0;
  /* Mappings start inside their reservation: the first one here starts at or after base; the
     bar shows only the part before end of one that runs past it (HIP on NVIDIA). */
  for (mh_tree_node *n = mh__tree_next(&s->mappings, r->base - 1); at < end;) {
    mh_mapping *m = n ? MH_CONTAINER(n, mh_mapping, node) : NULL;
    uintptr_t next = m && m->base < end ? m->base : end;
    if (next > at) {
      format_bytes(next - at, bytes, sizeof bytes);
      snprintf(offset, sizeof offset, "+0x%lx", (unsigned long)(at - r->base));
      snprintf(line, sizeof line, "%-12s%-10sunmapped", offset, bytes);
      if (rows++ < MAX_ROWS)
        detail_row(c, GREY, " stroke=\"#9e9e9e\"", line);
      else
        hidden++;
    }
    if (next == end)
      break;
    char colour[8], access[160];
    handle_colour(m->phys, colour);
    bool released = released_but_mapped(m->phys);
    const char *stroke = released ? RELEASED_STROKE : " stroke=\"#424242\" stroke-width=\"0.5\"";
    long x, w;
    scale(m->base - r->base, m->bytes - m->past, r->bytes, &x, &w);
    rect(c, x, bar_y, w, BAR_HEIGHT, colour, stroke);
    draw_strips(c, m, x, w, bar_y, slots, strips);
    format_bytes(m->bytes, bytes, sizeof bytes);
    format_access(s, m, access, sizeof access);
    snprintf(offset, sizeof offset, "+0x%lx", (unsigned long)(m->base - r->base));
    snprintf(line, sizeof line, "%-12s%-10shandle#%-4llu %s%s", offset, bytes,
             mh__id_number(m->phys->id, MH_ID_HANDLE), access,
             released ? "  released, still mapped (fine)" : "");
    if (rows++ < MAX_ROWS)
      detail_row(c, colour, stroke, line);
    else
      hidden++;
    at = m->base + m->bytes;
    n = mh__tree_next(&s->mappings, m->base);
  }
  if (hidden > 0) {
    text_at(c, 2 * MARGIN, c->y, "", "... and %zu more", hidden);
    c->y += ROW;
  }
  c->y += ROW / 2;
}

static void draw_block(canvas *c, const mh_region *r) {
  static const char *const memory[] = {"device memory", "host memory", "managed memory"};
  char bytes[32];
  format_bytes(r->asked_bytes, bytes, sizeof bytes);
  rect(c, MARGIN, c->y - 10, 10, 10, BLOCK, "");
  text_at(c, MARGIN + 16, c->y, "", "%s#%lu  %s  %s, device %d", mockhip_api_name(r->made_by),
          r->number, bytes, memory[r->memory], r->device);
  c->y += ROW;
}

static void draw_handle(canvas *c, const mh_phys *p) {
  char colour[8], bytes[32];
  handle_colour(p, colour);
  format_bytes(p->bytes, bytes, sizeof bytes);
  bool released = released_but_mapped(p);
  rect(c, MARGIN, c->y - 10, 10, 10, colour, released ? RELEASED_STROKE : " stroke=\"#424242\"");
  char where[32] = "the host"; /* Host, HostNuma, HostNumaCurrent: host memory all */
  if (p->prop.location.type == hipMemLocationTypeDevice)
    snprintf(where, sizeof where, "device %d", p->prop.location.id);
  text_at(c, MARGIN + 16, c->y, "",
          "handle#%llu  %s on %s  refs %zu = handle %zu + mappings %zu%s%s%s",
          mh__id_number(p->id, MH_ID_HANDLE), bytes, where, p->handle_refs + p->mappings,
          p->handle_refs, p->mappings, p->imported ? "  imported" : "",
          p->prop.requestedHandleType == hipMemHandleTypePosixFileDescriptor ? "  exportable" : "",
          released ? "  released: freed at its last unmap" : "");
  c->y += ROW;
}

static void draw_devices(canvas *c, const mh_state *s) {
  char used[32], capacity[32], line[512];
  format_bytes(s->options.device_memory, capacity, sizeof capacity);
  for (int d = 0; d < s->options.devices; d++) {
    format_bytes(s->device_used[d], used, sizeof used);
    size_t n = (size_t)snprintf(line, sizeof line, "device %d: %s of %s in use", d, used, capacity);
    const char *sep = "; peer access to device";
    for (int p = 0; p < s->options.devices && n < sizeof line; p++)
      if (s->peer_enabled[d] & (1ULL << p)) {
        n += (size_t)snprintf(line + n, sizeof line - n, "%s %d", sep, p);
        sep = ",";
      }
    text_at(c, MARGIN, c->y, "", "%s", line);
    c->y += ROW;
  }
}

static void draw_legend(canvas *c) {
  c->y += ROW / 2;
  text_at(c, MARGIN, c->y, " font-weight=\"bold\"", "legend");
  c->y += ROW;
  static const char *const hues[] = {"#e08a5c", "#5ca6e0", "#8ee05c"};
  for (int i = 0; i < 3; i++)
    rect(c, MARGIN + 12 * i, c->y - 10, 10, 10, hues[i],
         " stroke=\"#424242\" stroke-width=\"0.5\"");
  text_at(c, MARGIN + 40, c->y, "",
          "a mapping, coloured by its physical handle: one colour at "
          "two places is one memory seen twice (aliasing)");
  c->y += ROW;
  rect(c, MARGIN, c->y - 10, 34, 10, GREY, " stroke=\"#9e9e9e\" stroke-dasharray=\"4 3\"");
  text_at(c, MARGIN + 40, c->y, "", "reserved address space with nothing mapped");
  c->y += ROW;
  rect(c, MARGIN, c->y - 10, 34, 10, "#ffffff", RELEASED_STROKE);
  text_at(c, MARGIN + 40, c->y, "",
          "released handle whose memory is still mapped: fine, freed at its last unmap");
  c->y += ROW;
  static const char *const strip_colours[] = {ACCESS_RW, ACCESS_R, ACCESS_NONE};
  for (int i = 0; i < 3; i++)
    rect(c, MARGIN + 12 * i, c->y - 10, 10, 10, strip_colours[i],
         " stroke=\"#9e9e9e\" stroke-width=\"0.5\"");
  text_at(c, MARGIN + 40, c->y, "",
          "access strips under a mapping, one per location, labelled: read-write, read-only, "
          "none");
  c->y += ROW;
  rect(c, MARGIN, c->y - 10, 34, 10, BLOCK, "");
  text_at(c, MARGIN + 40, c->y, "", "a hipMalloc-family block");
  c->y += ROW;
  text_at(c, MARGIN, c->y, "",
          "access: rw read-write, r read-only, - none; refs: handle "
          "references + live mappings, the memory is freed at 0");
  c->y += ROW;
}

/* Regions by kind, then number: the order of the program's calls, not of addresses. */
static int region_order(const void *a, const void *b) {
  const mh_region *x = *(const mh_region *const *)a, *y = *(const mh_region *const *)b;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return x->number < y->number ? -1 : x->number > y->number;
}

static int handle_order(const void *a, const void *b) {
  const mh_phys *x = *(const mh_phys *const *)a, *y = *(const mh_phys *const *)b;
  return x->id < y->id ? -1 : x->id > y->id;
}

typedef struct handle_list {
  const mh_phys **items;
  size_t count;
} handle_list;

static void collect_handle(void *value, void *ctx) {
  handle_list *list = ctx;
  list->items[list->count++] = value;
}

static void draw_regions(canvas *c, mh_state *s, mh_region **regions, size_t count) {
  size_t reservations = 0;
  while (reservations < count && regions[reservations]->kind == MH_REGION_RESERVATION)
    reservations++;
  text_at(c, MARGIN, c->y, " font-weight=\"bold\" font-size=\"13\"", "reservations (%zu)",
          reservations);
  c->y += ROW + 4;
  for (size_t i = 0; i < reservations; i++)
    draw_reservation(c, s, regions[i]);
  if (reservations == count)
    return;
  text_at(c, MARGIN, c->y, " font-weight=\"bold\" font-size=\"13\"",
          "hipMalloc-family blocks (%zu)", count - reservations);
  c->y += ROW + 4;
  for (size_t i = reservations; i < count && i < reservations + MAX_LIST; i++)
    draw_block(c, regions[i]);
  if (count - reservations > MAX_LIST) {
    text_at(c, MARGIN, c->y, "", "... and %zu more", count - reservations - MAX_LIST);
    c->y += ROW;
  }
  c->y += ROW / 2;
}

static void draw_handles(canvas *c, const handle_list *handles) {
  text_at(c, MARGIN, c->y, " font-weight=\"bold\" font-size=\"13\"", "physical handles (%zu)",
          handles->count);
  c->y += ROW + 4;
  for (size_t i = 0; i < handles->count && i < MAX_LIST; i++)
    draw_handle(c, handles->items[i]);
  if (handles->count > MAX_LIST) {
    text_at(c, MARGIN, c->y, "", "... and %zu more", handles->count - MAX_LIST);
    c->y += ROW;
  }
  c->y += ROW / 2;
}

/* Everything inside the <svg> element, into c->body. */
static void draw(canvas *c, mh_state *s, mh_region **regions, size_t region_count,
                 const handle_list *handles) {
  char granularity[32];
  format_bytes(s->options.granularity, granularity, sizeof granularity);
  c->y = 24;
  text_at(c, MARGIN, c->y, " font-weight=\"bold\" font-size=\"14\"",
          "mockhip address space: %d device%s, granularity %s, playing %s", s->options.devices,
          s->options.devices == 1 ? "" : "s", granularity, mh__profile_title());
  c->y += ROW + 12;
  draw_regions(c, s, regions, region_count);
  draw_handles(c, handles);
  text_at(c, MARGIN, c->y, " font-weight=\"bold\" font-size=\"13\"", "devices");
  c->y += ROW + 4;
  draw_devices(c, s);
  draw_legend(c);
  c->y += 8;
}

int mh__svg_write(FILE *out, mh_state *s) {
  mh_region **regions = malloc((s->regions.count + 1) * sizeof *regions);
  handle_list handles = {malloc((s->handles.live + 1) * sizeof *handles.items), 0};
  char *body_text = NULL;
  size_t body_bytes = 0;
  canvas c = {NULL, 0};
  int result = -1;
  if (regions == NULL || handles.items == NULL ||
      (c.body = open_memstream(&body_text, &body_bytes)) == NULL) {
    errno = ENOMEM;
    goto done;
  }
  size_t region_count = 0;
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key))
    if (MH_CONTAINER(n, mh_region, node)->pool == NULL) /* pools are not drawn */
      regions[region_count++] = MH_CONTAINER(n, mh_region, node);
  qsort(regions, region_count, sizeof *regions, region_order);
  mh__idmap_each(&s->handles, collect_handle, &handles);
  qsort(handles.items, handles.count, sizeof *handles.items, handle_order);
  draw(&c, s, regions, region_count, &handles);
  if (fclose(c.body) != 0) {
    errno = ENOMEM;
    goto done;
  }
  fprintf(out,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "viewBox=\"0 0 %d %d\" "
          "font-family=\"DejaVu Sans Mono, "
          "monospace\" font-size=\"12\">\n"
          "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
          WIDTH, c.y, WIDTH, c.y, WIDTH, c.y);
  fwrite(body_text, 1, body_bytes, out);
  fputs("</svg>\n", out);
  result = 0;
done:
  free(body_text);
  free(handles.items);
  free(regions);
  return result;
}

MH_EXPORT int mockhip_dump_svg(FILE *out) {
  if (out == NULL) {
    errno = EINVAL;
    return -1;
  }
  mh_state *s = mh__state();
  mh__lock_read();
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
  int result = mh__svg_write(out, s);
  mh__unlock();
  if (result != 0)
    return -1;
  /* A full disk or a read-only stream shows at the flush at the latest. */
  if (fflush(out) != 0)
    return -1; /* errno says why */
  if (ferror(out)) {
    errno = EIO;
    return -1;
  }
  return 0;
}
