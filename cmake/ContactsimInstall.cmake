# cmake --install gives headers, the library and a package config, so that a consumer writes
#   find_package(contactsim REQUIRED)  target_link_libraries(app PRIVATE contactsim::contactsim)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CONTACTSIM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/contactsim)

install(TARGETS contactsim EXPORT contactsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/contactsim DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/generated/include/contactsim/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/contactsim)
if(CONTACTSIM_BUILD_APPS)
  install(TARGETS contactsim_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT contactsimTargets NAMESPACE contactsim:: DESTINATION ${CONTACTSIM_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/contactsimConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/contactsimConfig.cmake
                              INSTALL_DESTINATION ${CONTACTSIM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/contactsimConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/contactsimConfig.cmake
              ${PROJECT_BINARY_DIR}/contactsimConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/FindContactsimSiconos.cmake
        DESTINATION ${CONTACTSIM_CMAKE_DIR})
