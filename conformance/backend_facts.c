/*
 * backend_facts.c: what a report says about the runtime it ran on, read the
 * same way from mockhip and from ROCm (see backend.h).
 */
#include "conformance.h"

#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "child_run.h"

void conf_backend_facts_read(conf_backend_facts *facts) {
  memset(facts, 0, sizeof *facts);
  const char *unusable = conf_backend_unusable();
  facts->usable = unusable == NULL;
  snprintf(facts->unusable, sizeof facts->unusable, "%s", unusable ? unusable : "");

  int version = 0;
  facts->version_from_runtime = hipRuntimeGetVersion(&version) == hipSuccess && version > 0;
  facts->version = facts->version_from_runtime ? version : HIP_VERSION;

  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count < 0)
    count = 0;
  facts->device_count = count;
  hipDeviceProp_t properties;
  memset(&properties, 0, sizeof properties);
  if (count > 0 && hipGetDeviceProperties(&properties, 0) == hipSuccess) {
    /* Bounded copies: a runtime need not terminate the fixed-size fields. */
    snprintf(facts->device_name, sizeof facts->device_name, "%.*s", (int)sizeof properties.name,
             properties.name);
    snprintf(facts->device_arch, sizeof facts->device_arch, "%.*s",
             (int)sizeof properties.gcnArchName, properties.gcnArchName);
  }
  (void)hipGetLastError();
}

const char *conf_backend_unusable(void) {
  static int asked;
  static const char *reason;
  if (!asked) {
    reason = conf_backend_find_unusable();
    asked = 1;
  }
  return reason;
}

void conf_backend_version_text(int version, char *text, size_t size) {
  if (version < 1000000) /* HIP on NVIDIA answers the CUDA runtime's 1000 * major + 10 * minor */
    snprintf(text, size, "%d.%d", version / 1000, version % 1000 / 10);
  else
    snprintf(text, size, "%d.%d", version / 10000000, version / 100000 % 100);
}

static void probe_in_child(void *arg, int reply_fd) {
  (void)arg;
  conf_backend_facts facts;
  conf_backend_facts_read(&facts);
  conf_write_all(reply_fd, &facts, sizeof facts);
}

void conf_backend_facts_probe(conf_backend_facts *facts, int timeout_seconds) {
  conf_backend_facts reply;
  conf_child_end end =
      conf_child_run(probe_in_child, NULL, -1, -1, timeout_seconds, &reply, sizeof reply);
  if (end.how == CONF_CHILD_EXITED && end.code == 0 && end.received == sizeof reply) {
    *facts = reply;
    facts->unusable[sizeof facts->unusable - 1] = '\0';
    facts->device_name[sizeof facts->device_name - 1] = '\0';
    facts->device_arch[sizeof facts->device_arch - 1] = '\0';
    return;
  }
  char how[128];
  conf_child_describe(&end, timeout_seconds, how, sizeof how);
  memset(facts, 0, sizeof *facts);
  facts->version = HIP_VERSION;
  snprintf(facts->unusable, sizeof facts->unusable,
           "the backend probe (device count, VMM attribute, version) ended with %s",
           how[0] ? how : "no answer");
}
