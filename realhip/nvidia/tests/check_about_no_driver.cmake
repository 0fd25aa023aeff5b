# check_about_no_driver.cmake: conformance-nvidia --about where no CUDA driver
# can be loaded exits 77 and gives the reason in one line that names the file.
#
#   cmake -DPROGRAM=conformance-nvidia -DLIBCUDA=/nonexistent/libcuda.so.1 -P check_about_no_driver.cmake
set(ENV{HIPVMM_LIBCUDA} "${LIBCUDA}")
execute_process(COMMAND "${PROGRAM}" --about RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(NOT status EQUAL 77)
  message(FATAL_ERROR "--about exited ${status}, expected 77")
endif()
string(REGEX MATCHALL "reason: [^\n]*\n" reasons "${out}")
list(LENGTH reasons count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one reason line, found ${count}")
endif()
set(expected "reason: no NVIDIA GPU: hip-nvidia could not load the CUDA driver: dlopen(\"${LIBCUDA}\")")
string(FIND "${reasons}" "${expected}" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "the reason does not start \"${expected}\"")
endif()
if(NOT out MATCHES "usable: no\n")
  message(FATAL_ERROR "--about does not say usable: no")
endif()
