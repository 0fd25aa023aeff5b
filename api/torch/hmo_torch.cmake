# api/torch: libhmo-torch, a stream-ordered caching allocator on hmo pools with the C functions
# PyTorch's CUDAPluggableAllocator loads (include/hmo_torch.h). One shared library per backend,
# built from its own sources and hmo's objects, exporting hmo_torch_* alone (exports.map), so
# that it carries no second copy of hmo's symbols into the process that loads it.
# Included by api/CMakeLists.txt, whose scope its variables share.
set(HMO_TORCH_DIR ${CMAKE_CURRENT_LIST_DIR})
set(HMO_TORCH_SOURCES ${HMO_TORCH_DIR}/src/torch_api.c ${HMO_TORCH_DIR}/src/torch_device.c
                      ${HMO_TORCH_DIR}/src/stream_pools.c ${HMO_TORCH_DIR}/src/block_free.c ${HMO_TORCH_DIR}/src/block_table.c
                      ${HMO_TORCH_DIR}/src/size_class.c)

# hmo_torch_add_backend(BACKEND HIP_SHARED_TARGET): hmo-torch-<backend>, after
# hmo_add_backend(BACKEND ...) made hmo-<backend>-objects. Its header needs no HIP header, so
# HIP is a private dependency the library names itself (DT_NEEDED): linked by its file, for the
# export not to depend on a target another export holds too (hip_nvidia).
function(hmo_torch_add_backend backend hip_target)
  set(name hmo-torch-${backend})
  add_library(${name} SHARED ${HMO_TORCH_SOURCES} $<TARGET_OBJECTS:hmo-${backend}-objects>)
  target_compile_definitions(${name} PRIVATE _GNU_SOURCE)
  target_include_directories(${name}
    PUBLIC $<BUILD_INTERFACE:${HMO_TORCH_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/hmo>
    PRIVATE ${HMO_TORCH_DIR}/src ${HMO_TORCH_DIR}/../include)
  find_package(Threads REQUIRED)
  get_target_property(hip_type ${hip_target} TYPE)
  if(hip_type STREQUAL "SHARED_LIBRARY")
    add_dependencies(${name} ${hip_target})
    target_include_directories(${name} PRIVATE
                               $<TARGET_PROPERTY:${hip_target},INTERFACE_INCLUDE_DIRECTORIES>)
    target_link_libraries(${name} PRIVATE $<TARGET_FILE:${hip_target}> Threads::Threads)
  else()
    target_link_libraries(${name} PRIVATE ${hip_target} Threads::Threads)
  endif()
  target_link_options(${name} PRIVATE "LINKER:--version-script=${HMO_TORCH_DIR}/exports.map")
  # Installed, it finds its HIP (mockhip, hip-nvidia) beside it: PyTorch dlopens it by path.
  set_target_properties(${name} PROPERTIES C_VISIBILITY_PRESET hidden EXPORT_NAME torch-${backend}
                                           LINK_DEPENDS ${HMO_TORCH_DIR}/exports.map
                                           INSTALL_RPATH "$ORIGIN")
  add_library(hmo::torch-${backend} ALIAS ${name})
  if(NOT HIPVMM_INSTALL)
    return()
  endif()
  install(TARGETS ${name} EXPORT hmo-torch-${backend}-targets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT hmo-torch-${backend}-targets NAMESPACE hmo::
          FILE hmo-torch-${backend}-targets.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hmo)
  set(HMO_BACKEND ${backend})
  configure_file(${HMO_TORCH_DIR}/hmo-torch.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()

if(HIPVMM_INSTALL AND NOT MOCKHIP_USE_SYSTEM_HIP_HEADERS)
  install(FILES ${HMO_TORCH_DIR}/include/hmo_torch.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hmo)
endif()
