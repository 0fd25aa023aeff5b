# mockhip_hip_version(HEADER): the ROCm release mockhip's header imitates, read
# from HEADER's HIP_VERSION_MAJOR, _MINOR and _PATCH when CMake configures, so
# that the hip package and libamdhip64's soname cannot drift from the header.
# Sets MOCKHIP_HIP_VERSION_MAJOR, _MINOR, _PATCH and MOCKHIP_HIP_VERSION
# ("7.2.0") in the caller's scope; editing HEADER reconfigures.
function(mockhip_hip_version header)
  file(STRINGS "${header}" lines REGEX "^#define HIP_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+")
  set(version "")
  foreach(part MAJOR MINOR PATCH)
    set(value "")
    foreach(line IN LISTS lines)
      if(line MATCHES "^#define HIP_VERSION_${part} +([0-9]+)")
        set(value ${CMAKE_MATCH_1})
      endif()
    endforeach()
    if(value STREQUAL "")
      message(FATAL_ERROR "${header} has no '#define HIP_VERSION_${part} <number>'")
    endif()
    set(MOCKHIP_HIP_VERSION_${part} ${value} PARENT_SCOPE)
    list(APPEND version ${value})
  endforeach()
  string(REPLACE ";" "." version "${version}")
  set(MOCKHIP_HIP_VERSION ${version} PARENT_SCOPE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${header}")
endfunction()
