# install.cmake — what `cmake --install` puts under the prefix: include/nnx.h (and the
# nnx_model.h and nnx_tosa.h it includes), libnnx.so and libnnx.a (exported as nnx::nnx and
# nnx::nnx_static), bin/nnx with its man page nnx(1) and bash completion, a pkg-config file
# and a CMake package (find_package(nnx)).
# Included at the end of the top-level CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(NNX_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/nnx)
set(NNX_GENERATED_DIR ${PROJECT_BINARY_DIR}/install-files)

install(FILES ${PROJECT_SOURCE_DIR}/include/nnx.h ${PROJECT_SOURCE_DIR}/include/nnx_model.h
              ${PROJECT_SOURCE_DIR}/include/nnx_tosa.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Both libraries are packaged from nnx_obj's object files ($<TARGET_OBJECTS:>), not linked
# to nnx_obj, so the export needs no nnx_obj. Their include directories come from their
# own INSTALL_INTERFACE; nnx_static carries m and Threads::Threads as link dependencies.
install(TARGETS nnx nnx_static EXPORT nnxTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS nnx-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${NNX_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/tools/nnx/completion.bash DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/bash-completion/completions
        RENAME nnx)

install(EXPORT nnxTargets NAMESPACE nnx:: FILE nnxTargets.cmake DESTINATION ${NNX_CMAKE_DIR})

# The package config is generated from a template written here (it is short, and keeping
# it beside the rules that install it keeps the two in step). Threads must be found again
# by the user's project because nnx::nnx_static names Threads::Threads.
file(WRITE ${NNX_GENERATED_DIR}/nnxConfig.cmake.in [=[
# nnxConfig.cmake — find_package(nnx) for an installed nnx. Defines the imported targets
# nnx::nnx (shared library) and nnx::nnx_static (static library); both bring include/.
@PACKAGE_INIT@

include(CMakeFindDependencyMacro)
find_dependency(Threads)

include("${CMAKE_CURRENT_LIST_DIR}/nnxTargets.cmake")
check_required_components(nnx)
]=])
configure_package_config_file(${NNX_GENERATED_DIR}/nnxConfig.cmake.in
  ${NNX_GENERATED_DIR}/nnxConfig.cmake
  INSTALL_DESTINATION ${NNX_CMAKE_DIR})

# Before 1.0 a minor release may break the API, so only the same minor version matches.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(NNX_COMPATIBILITY SameMinorVersion)
else()
  set(NNX_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(${NNX_GENERATED_DIR}/nnxConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${NNX_COMPATIBILITY})

install(FILES ${NNX_GENERATED_DIR}/nnxConfig.cmake ${NNX_GENERATED_DIR}/nnxConfigVersion.cmake
  DESTINATION ${NNX_CMAKE_DIR})

# nnx.pc names absolute directories, and the prefix is only known at install time
# (`cmake --install build --prefix DIR` overrides CMAKE_INSTALL_PREFIX), so the file is
# written by an install step, just before the rule that installs it.
foreach(kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${kind}}")
    set(NNX_PC_${kind} "${CMAKE_INSTALL_${kind}}")
  else()
    set(NNX_PC_${kind} "\${prefix}/${CMAKE_INSTALL_${kind}}")
  endif()
endforeach()
# Libs.private: what a static link needs besides libnnx.a, per the front ends built in.
set(NNX_PC_PRIVATE_LIBS)
foreach(pair "ARCHIVE;-larchive" "ONNX;-lprotobuf-c" "NNVM;-lcjson")
  list(GET pair 0 option)
  list(GET pair 1 flag)
  if(NNX_WITH_${option})
    string(APPEND NNX_PC_PRIVATE_LIBS "${flag} ")
  endif()
endforeach()
string(APPEND NNX_PC_PRIVATE_LIBS "-lm -pthread")
install(CODE "
  set(NNX_PC_PRIVATE_LIBS [[${NNX_PC_PRIVATE_LIBS}]])
  set(NNX_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(NNX_PC_LIBDIR [[${NNX_PC_LIBDIR}]])
  set(NNX_PC_INCLUDEDIR [[${NNX_PC_INCLUDEDIR}]])
  set(PROJECT_VERSION [[${PROJECT_VERSION}]])
  file(READ [[${CMAKE_CURRENT_LIST_DIR}/nnx.pc.in]] nnx_pc_template)
  string(CONFIGURE \"\${nnx_pc_template}\" nnx_pc @ONLY)
  file(WRITE [[${NNX_GENERATED_DIR}/nnx.pc]] \"\${nnx_pc}\")
")
install(FILES ${NNX_GENERATED_DIR}/nnx.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
