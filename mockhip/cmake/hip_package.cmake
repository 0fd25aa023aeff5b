# Installs ROCm's `hip` CMake package beside mockhip's own (hip-config.cmake.in
# says what it gives). Included by mockhip/CMakeLists.txt when
# MOCKHIP_INSTALL_HIP_PACKAGE is on; needs MOCKHIP_HIP_VERSION (hip_version.cmake).
set(MOCKHIP_HIP_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hip)
# The paths hip-config.cmake names, made relative to the install by PATH_VARS.
set(MOCKHIP_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/mockhip)
set(MOCKHIP_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/mockhip)
set(MOCKHIP_LIB_DIR ${CMAKE_INSTALL_LIBDIR})
configure_package_config_file(cmake/hip-config.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/hip-config.cmake
  INSTALL_DESTINATION ${MOCKHIP_HIP_CONFIG_DIR}
  PATH_VARS MOCKHIP_CONFIG_DIR MOCKHIP_INCLUDE_DIR MOCKHIP_LIB_DIR)
# ROCm's own rule: any 7.x request is met by 7.2, a 6.x or 8.x one is not.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/hip-config-version.cmake
  VERSION ${MOCKHIP_HIP_VERSION} COMPATIBILITY SameMajorVersion)

# Installed into /usr or /opt/rocm by mistake, the package would replace a real
# ROCm's: refuse to write over a hip-config.cmake that is not mockhip's.
set(guard [[
  set(dir "@MOCKHIP_HIP_CONFIG_DIR@")
  if(NOT IS_ABSOLUTE "${dir}")
    set(dir "${CMAKE_INSTALL_PREFIX}/${dir}")
  endif()
  set(config "$ENV{DESTDIR}${dir}/hip-config.cmake")
  if(EXISTS "${config}")
    file(STRINGS "${config}" ours REGEX "answered by mockhip")
    if(NOT ours)
      message(FATAL_ERROR "${config} is another hip package (a ROCm install?), which installing "
                          "mockhip would overwrite: install mockhip into a prefix of its own, or "
                          "configure with -DMOCKHIP_INSTALL_HIP_PACKAGE=OFF")
    endif()
  endif()
]])
string(CONFIGURE "${guard}" guard @ONLY)
install(CODE "${guard}")
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/hip-config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/hip-config-version.cmake
        DESTINATION ${MOCKHIP_HIP_CONFIG_DIR})
