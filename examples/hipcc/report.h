#ifndef HIPCC_EXAMPLE_REPORT_H
#define HIPCC_EXAMPLE_REPORT_H
#ifdef __cplusplus
extern "C" {
#endif
void report(const char *what, double got, double expected);
#ifdef __cplusplus
}
#endif
#endif
