// The replay report's assets, compiled in from viewer/ at build time (embed_assets.cmake).
#pragma once

#include <string_view>

namespace contactsim::report {

/// viewer/report.html: the page with @@NAME@@ placeholders (report_html.cpp fills them).
std::string_view reportTemplate();
/// viewer/report.js: the viewer, a classic script.
std::string_view viewerScript();
/// three.js's ES module (viewer/node_modules/three/build/three.module.min.js, the version pinned
/// in viewer/package-lock.json); empty when the build found no viewer/node_modules.
std::string_view threeModule();

}  // namespace contactsim::report
