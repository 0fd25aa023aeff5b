/*
 * test_svg.c: mockhip_dump_svg draws what the address space holds: aliasing as
 * one colour at two places, each mapping's access, the handles' reference
 * counts, released memory still mapped, hipMalloc blocks, access strips tall
 * enough to read, with labels that fit; no address, the same
 * bytes for the same state, well-formed XML (checked here, and by python's
 * xml.etree in ci/html_check.py); and it refuses a NULL or failing
 * stream.
 */
#include "mock_test.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The picture now, as text (malloc'd). */
static char *svg_text(void) {
  FILE *out = tmpfile();
  assert_non_null(out);
  assert_int_equal(mockhip_dump_svg(out), 0);
  char *text = mt_read_stream(out);
  fclose(out);
  return text;
}

/* The fill of the swatch drawn just before the text line that starts with `line`. */
static void swatch_of(const char *svg, const char *line, char fill[8]) {
  char needle[256];
  snprintf(needle, sizeof needle, ">%s", line);
  const char *text = strstr(svg, needle);
  assert_non_null(text);
  const char *at = NULL;
  for (const char *f = strstr(svg, "fill=\"#"); f != NULL && f < text;
       f = strstr(f + 1, "fill=\"#"))
    at = f;
  assert_non_null(at);
  memcpy(fill, at + 6, 7);
  fill[7] = '\0';
}

/* The line of text that starts with prefix, up to its </text>, or NULL. */
static char *line_starting(const char *svg, const char *prefix) {
  char needle[256];
  snprintf(needle, sizeof needle, ">%s", prefix);
  const char *text = strstr(svg, needle);
  if (text == NULL)
    return NULL;
  const char *end = strstr(text, "</text>");
  assert_non_null(end);
  return strndup(text + 1, (size_t)(end - text - 1));
}

/* "handle#N", as the picture names a handle. */
static const char *handle_name(hipMemGenericAllocationHandle_t handle) {
  static char name[32];
  snprintf(name, sizeof name, "handle#%llu", mt_id_number(handle));
  return name;
}

/* The start of a mapping's detail line: offset, size and handle in their columns. */
static void detail(char *out, size_t out_bytes, size_t offset, size_t bytes,
                   hipMemGenericAllocationHandle_t handle) {
  char at[32], size[32];
  snprintf(at, sizeof at, "+0x%zx", offset);
  snprintf(size, sizeof size, "%zu KiB", bytes / 1024);
  snprintf(out, out_bytes, "%-12s%-10s%-11s", at, size, handle_name(handle));
}

static void assert_line_has(const char *svg, const char *prefix, const char *part) {
  char *line = line_starting(svg, prefix);
  if (line == NULL || strstr(line, part) == NULL)
    fail_msg("no line '%s...' with '%s' (got '%s') in:\n%s", prefix, part, line ? line : "none",
             svg);
  free(line);
}

/*
 * XML well-formedness, as far as a generator can get it wrong: one root,
 * every tag closed in order, attribute values quoted, '<' and '&' only as
 * markup or the five entities. (ci/html_check.py parses the same output with
 * python's xml.etree; here it would cost a python start per case.)
 */
static const char *xml_problem(const char *text) {
  const char *stack[64];
  size_t depth = 0, roots = 0;
  const char *c = text;
  if (strncmp(c, "<?xml ", 6) == 0) {
    c = strstr(c, "?>");
    if (c == NULL)
      return "the declaration is not closed";
    c += 2;
  }
  while (*c != '\0') {
    if (*c == '&') {
      static const char *const entities[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
      bool known = false;
      for (size_t i = 0; i < 5; i++)
        known |= strncmp(c, entities[i], strlen(entities[i])) == 0;
      if (!known)
        return "a bare &";
      c++;
      continue;
    }
    if (*c != '<') {
      if (depth == 0 && *c != '\n' && *c != ' ')
        return "text outside the root";
      c++;
      continue;
    }
    bool closing = c[1] == '/';
    const char *name = c + (closing ? 2 : 1);
    size_t name_bytes = strcspn(name, " />\n");
    if (name_bytes == 0)
      return "a tag without a name";
    const char *end = name + name_bytes;
    /* Attributes: name="value" with no '<' inside the value. */
    while (*end == ' ' || *end == '\n') {
      end += strspn(end, " \n");
      if (*end == '/' || *end == '>')
        break;
      const char *eq = strchr(end, '=');
      if (eq == NULL || eq[1] != '"')
        return "an attribute without a quoted value";
      const char *close = strchr(eq + 2, '"');
      if (close == NULL || memchr(eq + 2, '<', (size_t)(close - eq - 2)) != NULL)
        return "an attribute value with '<' or no end";
      end = close + 1;
    }
    if (closing) {
      if (depth == 0 || strncmp(stack[depth - 1], name, name_bytes) != 0 ||
          strcspn(stack[depth - 1], " />\n") != name_bytes || *end != '>')
        return "a closing tag that does not match";
      depth--;
    } else if (end[0] == '/' && end[1] == '>') {
      roots += depth == 0;
      end++;
    } else if (*end == '>') {
      if (depth == 64)
        return "nesting too deep for this check";
      roots += depth == 0;
      stack[depth++] = name;
    } else {
      return "a tag that does not end";
    }
    c = end + 1;
  }
  return depth != 0 ? "an element left open" : roots != 1 ? "not exactly one root" : NULL;
}

static void assert_well_formed(const char *text) {
  const char *problem = xml_problem(text);
  if (problem != NULL)
    fail_msg("the picture is not well-formed XML: %s", problem);
}

/* The check itself catches what it is for. */
static void test_xml_check_catches_mistakes(void **state) {
  (void)state;
  assert_null(xml_problem("<?xml version=\"1.0\"?>\n<svg a=\"1\"><g><r/></g>&amp;</svg>\n"));
  const char *bad[] = {"<svg><g></svg>",
                       "<svg>a & b</svg>",
                       "<svg a=1/>",
                       "<svg/><svg/>",
                       "<svg><text>1 < 2</text></svg>",
                       "<svg a=\"<\"/>",
                       "<svg>"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    if (xml_problem(bad[i]) == NULL)
      fail_msg("the check lets through %s", bad[i]);
}

typedef struct scene {
  char *base;
  size_t granule;
  hipMemGenericAllocationHandle_t shared, other;
  void *block;
} scene;

/*
 * reservation of 8 granules: [0] shared (rw for device 0), [1] unmapped,
 * [2] shared again (no access), [3] other; then unmapped to the end. A
 * hipMalloc block beside it.
 */
static int setup_scene(void **state) {
  mt_assert_clean();
  scene *sc = calloc(1, sizeof *sc);
  assert_non_null(sc);
  sc->granule = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemAddressReserve((void **)&sc->base, 8 * sc->granule, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&sc->shared, sc->granule, &prop, 0));
  MT_CHECK(hipMemCreate(&sc->other, sc->granule, &prop, 0));
  MT_CHECK(hipMemMap(sc->base, sc->granule, 0, sc->shared, 0));
  MT_CHECK(hipMemMap(sc->base + 2 * sc->granule, sc->granule, 0, sc->shared, 0));
  MT_CHECK(hipMemMap(sc->base + 3 * sc->granule, sc->granule, 0, sc->other, 0));
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(sc->base, sc->granule, &rw, 1));
  MT_CHECK(hipMalloc(&sc->block, 1000));
  *state = sc;
  return 0;
}

static int teardown_scene(void **state) {
  scene *sc = *state;
  MT_CHECK(hipFree(sc->block));
  MT_CHECK(hipMemUnmap(sc->base, sc->granule));
  MT_CHECK(hipMemUnmap(sc->base + 2 * sc->granule, 2 * sc->granule));
  /* Released by the test that shows released memory; released here otherwise. */
  (void)hipMemRelease(sc->shared);
  MT_CHECK(hipMemRelease(sc->other));
  MT_CHECK(hipMemAddressFree(sc->base, 8 * sc->granule));
  free(sc);
  mt_assert_clean();
  return 0;
}

static void test_aliasing_is_one_colour_twice(void **state) {
  scene *sc = *state;
  char *svg = svg_text();
  char line[128], first[8], second[8], other[8];
  detail(line, sizeof line, 0, sc->granule, sc->shared);
  swatch_of(svg, line, first);
  detail(line, sizeof line, 2 * sc->granule, sc->granule, sc->shared);
  swatch_of(svg, line, second);
  detail(line, sizeof line, 3 * sc->granule, sc->granule, sc->other);
  swatch_of(svg, line, other);
  assert_string_equal(first, second);
  assert_string_not_equal(first, other);
  /* The handle's own row in the list wears the same colour. */
  snprintf(line, sizeof line, "%s", handle_name(sc->shared));
  char listed[8];
  swatch_of(svg, line, listed);
  assert_string_equal(listed, first);
  free(svg);
}

static void test_access_per_location(void **state) {
  scene *sc = *state;
  char *svg = svg_text();
  assert_line_has(svg, "+0x0 ", "dev0 rw  host -");
  char prefix[32];
  snprintf(prefix, sizeof prefix, "+0x%zx ", 2 * sc->granule);
  assert_line_has(svg, prefix, "dev0 -  host -");
  snprintf(prefix, sizeof prefix, "+0x%zx ", sc->granule);
  assert_line_has(svg, prefix, "unmapped");
  snprintf(prefix, sizeof prefix, "+0x%zx ", 4 * sc->granule);
  assert_line_has(svg, prefix, "unmapped");
  assert_line_has(svg, "reservation#", "3 mappings");
  free(svg);
}

static void test_reference_counts(void **state) {
  scene *sc = *state;
  char *svg = svg_text();
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s", handle_name(sc->shared));
  assert_line_has(svg, prefix, "refs 3 = handle 1 + mappings 2");
  snprintf(prefix, sizeof prefix, "%s", handle_name(sc->other));
  assert_line_has(svg, prefix, "refs 2 = handle 1 + mappings 1");
  assert_null(strstr(svg, "released, still mapped"));
  assert_null(strstr(svg, "released: freed"));
  free(svg);

  hipMemGenericAllocationHandle_t again;
  MT_CHECK(hipMemRetainAllocationHandle(&again, sc->base + 2 * sc->granule));
  svg = svg_text();
  snprintf(prefix, sizeof prefix, "%s", handle_name(sc->shared));
  assert_line_has(svg, prefix, "refs 4 = handle 2 + mappings 2");
  free(svg);
  MT_CHECK(hipMemRelease(again));
}

static void test_released_but_mapped_is_marked(void **state) {
  scene *sc = *state;
  MT_CHECK(hipMemRelease(sc->shared));
  char *svg = svg_text();
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s", handle_name(sc->shared));
  assert_line_has(svg, prefix, "refs 2 = handle 0 + mappings 2  released: freed at its last unmap");
  assert_line_has(svg, "+0x0 ", "released, still mapped");
  snprintf(prefix, sizeof prefix, "+0x%zx ", 3 * sc->granule);
  char *line = line_starting(svg, prefix);
  assert_non_null(line);
  assert_null(strstr(line, "released")); /* the other handle is not */
  free(line);
  /* Its rectangles wear a dashed grey outline: a handle released while mapped is fine, and
     red is for errors only. */
  assert_non_null(strstr(svg, "stroke=\"#616161\" stroke-width=\"1.5\" stroke-dasharray=\"5 2\""));
  assert_null(strstr(svg, "#c62828"));
  assert_line_has(svg, "+0x0 ", "released, still mapped (fine)");
  free(svg);
}

static int count_of(const char *text, const char *what) {
  int n = 0;
  for (const char *at = strstr(text, what); at != NULL; at = strstr(at + 1, what))
    n++;
  return n;
}

/* Under each mapping, a strip per location coloured by its access and labelled with it: [0]
   rw for device 0, the rest none; the host none everywhere. 12 pixels tall, a label of 10:
   readable, not a hairline. */
static void test_access_strips(void **state) {
  scene *sc = *state;
  char *svg = svg_text();
  assert_non_null(strstr(svg, ">access strips, top to bottom: dev0, host</text>"));
  static const char strip[] = "height=\"12\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"0.5\"/>";
  char rw[128], r[128], none[128];
  snprintf(rw, sizeof rw, strip, "#1565c0");
  snprintf(r, sizeof r, strip, "#90caf9");
  snprintf(none, sizeof none, strip, "#e0e0e0");
  assert_int_equal(count_of(svg, rw), 1);
  assert_int_equal(count_of(svg, none), 5);
  assert_int_equal(count_of(svg, r), 0);
  /* each strip's label: the location and its access in words */
  assert_int_equal(count_of(svg, " font-size=\"10\" fill=\"#ffffff\">dev0 read-write</text>"), 1);
  assert_int_equal(count_of(svg, " font-size=\"10\" fill=\"#616161\">dev0 none</text>"), 2);
  assert_int_equal(count_of(svg, ">host none</text>"), 3);
  assert_non_null(strstr(svg, "access strips under a mapping, one per location, labelled"));
  free(svg);
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(sc->base + 3 * sc->granule, sc->granule, &read, 1));
  svg = svg_text();
  assert_int_equal(count_of(svg, r), 1);
  assert_int_equal(count_of(svg, none), 4);
  assert_int_equal(count_of(svg, " font-size=\"10\" fill=\"#0d47a1\">dev0 read-only</text>"), 1);
  free(svg);
}

/* A strip's label is as long as its mapping's width allows: in words on a wide one, short on a
   narrower one, none on one too narrow for it (its detail line says it). */
static void test_strip_labels_fit(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle;
  char *base;
  /* of 928 pixels: 8 granules 116 wide, 4 granules 58, 1 granule 14 */
  MT_CHECK(hipMemAddressReserve((void **)&base, 64 * g, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, 8 * g, &prop, 0));
  MT_CHECK(hipMemMap(base, 8 * g, 0, handle, 0));
  MT_CHECK(hipMemMap(base + 16 * g, 4 * g, 0, handle, 0));
  MT_CHECK(hipMemMap(base + 32 * g, g, 0, handle, 0));
  MT_CHECK(hipMemSetAccess(base, 8 * g, &rw, 1));
  MT_CHECK(hipMemSetAccess(base + 16 * g, 4 * g, &rw, 1));
  MT_CHECK(hipMemSetAccess(base + 32 * g, g, &rw, 1));
  char *svg = svg_text();
  assert_int_equal(count_of(svg, ">dev0 read-write</text>"), 1);
  assert_int_equal(count_of(svg, ">dev0 rw</text>"), 1);
  assert_int_equal(count_of(svg, " font-size=\"10\" fill=\"#ffffff\">dev0 "), 2);
  free(svg);
  MT_CHECK(hipMemUnmap(base, 8 * g));
  MT_CHECK(hipMemUnmap(base + 16 * g, 4 * g));
  MT_CHECK(hipMemUnmap(base + 32 * g, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 64 * g));
}

static void test_blocks_devices_legend(void **state) {
  (void)state;
  char *svg = svg_text();
  assert_line_has(svg, "hipMalloc#", "1000 B  device memory, device 0");
  assert_line_has(svg, "device 0: ", "in use");
  assert_non_null(strstr(svg, ">legend</text>"));
  assert_non_null(strstr(svg, "physical handles (2)"));
  free(svg);
}

/* No address of this run is drawn: pictures of two runs diff cleanly. */
static void test_no_addresses(void **state) {
  scene *sc = *state;
  char *svg = svg_text();
  char address[32];
  uintptr_t points[] = {(uintptr_t)sc->base, (uintptr_t)sc->base + 2 * sc->granule,
                        (uintptr_t)sc->block};
  for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
    snprintf(address, sizeof address, "%lx", (unsigned long)points[i]);
    if (strstr(svg, address) != NULL)
      fail_msg("the picture shows the address %s", address);
  }
  free(svg);
}

static void test_same_state_same_bytes(void **state) {
  (void)state;
  char *first = svg_text(), *second = svg_text();
  assert_string_equal(first, second);
  free(first);
  free(second);
}

static void test_well_formed_standalone(void **state) {
  (void)state;
  char *svg = svg_text();
  assert_true(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=", 50) == 0);
  assert_non_null(strstr(svg, "viewBox=\"0 0 960 "));
  assert_null(strstr(svg, "<script"));
  assert_null(strstr(svg, "href"));
  assert_well_formed(svg);
  free(svg);
}

/* Nothing alive still draws a whole picture. */
static void test_empty_address_space(void **state) {
  (void)state;
  char *svg = svg_text();
  assert_non_null(strstr(svg, ">reservations (0)</text>"));
  assert_non_null(strstr(svg, ">physical handles (0)</text>"));
  assert_null(strstr(svg, "hipMalloc-family blocks"));
  assert_well_formed(svg);
  free(svg);
}

/* Host memory, read-only access and a handle made for export. */
static void test_host_memory_read_only(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  hipMemAllocationProp prop = mt_prop_host();
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle;
  char *base;
  MT_CHECK(hipMemAddressReserve((void **)&base, granule, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, granule, &prop, 0));
  MT_CHECK(hipMemMap(base, granule, 0, handle, 0));
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(base, granule, &read, 1));
  char *svg = svg_text();
  assert_line_has(svg, "+0x0 ", "dev0 r  host -");
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s", handle_name(handle));
  assert_line_has(svg, prefix, "on the host  refs 2 = handle 1 + mappings 1  exportable");
  assert_line_has(svg, "device 0: ", "0 B of ");
  free(svg);
  MT_CHECK(hipMemUnmap(base, granule));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, granule));
}

/* Long lists stop, saying how many more there are; tiny mappings stay visible. */
static void test_many_mappings_and_handles(void **state) {
  (void)state;
  size_t granule = mt_granularity(), count = 40, reserved = 1024 * count * granule;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handles[40];
  char *base;
  MT_CHECK(hipMemAddressReserve((void **)&base, reserved, 0, NULL, 0));
  void *blocks[34];
  for (size_t i = 0; i < count; i++) {
    MT_CHECK(hipMemCreate(&handles[i], granule, &prop, 0));
    /* The last one ends the reservation: its 3 pixels stay inside the bar. */
    MT_CHECK(hipMemMap(base + 1024 * i * granule + (i == count - 1 ? 1023 * granule : 0), granule,
                       0, handles[i], 0));
  }
  for (size_t i = 0; i < 34; i++)
    MT_CHECK(hipMalloc(&blocks[i], 64));
  char *svg = svg_text();
  /* 40 mappings and 40 holes, but the last mapping ends the bar: 79 lines, 12 shown */
  assert_non_null(strstr(svg, ">... and 67 more</text>"));
  assert_non_null(strstr(svg, ">... and 8 more</text>")); /* 40 handles, 32 listed */
  assert_non_null(strstr(svg, ">... and 2 more</text>")); /* 34 blocks, 32 listed */
  assert_non_null(strstr(svg, "<rect x=\"941\" y=\""));   /* 16 + 928 - 3 */
  /* Each mapping is 1/1024 of the bar, under a pixel: drawn 3 wide. */
  assert_true(mt_count_lines_starting(svg, "<rect ") >= 40);
  assert_non_null(strstr(svg, "width=\"3\" height=\"20\""));
  assert_well_formed(svg);
  free(svg);
  for (size_t i = 0; i < count; i++) {
    MT_CHECK(
        hipMemUnmap(base + 1024 * i * granule + (i == count - 1 ? 1023 * granule : 0), granule));
    MT_CHECK(hipMemRelease(handles[i]));
  }
  for (size_t i = 0; i < 34; i++)
    MT_CHECK(hipFree(blocks[i]));
  MT_CHECK(hipMemAddressFree(base, reserved));
}

static void test_negative_null_stream(void **state) {
  (void)state;
  errno = 0;
  assert_int_equal(mockhip_dump_svg(NULL), -1);
  assert_int_equal(errno, EINVAL);
}

/* /dev/full takes nothing: the write error shows at the flush. */
static void test_negative_full_stream(void **state) {
  (void)state;
  FILE *full = fopen("/dev/full", "w");
  if (full == NULL) {
    print_message("skipped: no /dev/full here\n");
    skip();
  }
  errno = 0;
  assert_int_equal(mockhip_dump_svg(full), -1);
  assert_int_equal(errno, ENOSPC);
  fclose(full);
}

static void test_negative_read_only_stream(void **state) {
  (void)state;
  FILE *in = fopen("/dev/null", "r");
  assert_non_null(in);
  assert_int_equal(mockhip_dump_svg(in), -1);
  assert_true(errno != 0);
  fclose(in);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_aliasing_is_one_colour_twice, setup_scene,
                                      teardown_scene),
      cmocka_unit_test_setup_teardown(test_access_per_location, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_reference_counts, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_released_but_mapped_is_marked, setup_scene,
                                      teardown_scene),
      cmocka_unit_test_setup_teardown(test_access_strips, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_blocks_devices_legend, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_no_addresses, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_same_state_same_bytes, setup_scene, teardown_scene),
      cmocka_unit_test_setup_teardown(test_well_formed_standalone, setup_scene, teardown_scene),
      MT_CLEAN_TEST(test_empty_address_space),
      MT_CLEAN_TEST(test_host_memory_read_only),
      MT_CLEAN_TEST(test_many_mappings_and_handles),
      MT_CLEAN_TEST(test_strip_labels_fit),
      MT_CLEAN_TEST(test_xml_check_catches_mistakes),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_negative_null_stream),
      MT_CLEAN_TEST(test_negative_full_stream),
      MT_CLEAN_TEST(test_negative_read_only_stream),
  };
  int failed = cmocka_run_group_tests_name("svg", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("svg_negative", negative, NULL, NULL);
}
