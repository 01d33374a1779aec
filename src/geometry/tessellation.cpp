#include "contactsim/geometry/triangle_mesh.hpp"

#include <string>

#include "contactsim/error.hpp"
#include "geometry/differential.hpp"

namespace contactsim {
namespace {

class Builder {
 public:
  Builder(const Surface& surface, TessellatedSurface& mesh) : surface_(surface), mesh_(mesh) {}

  int vertex(int patch, const Vec2& st) {
    const SurfaceJet jet = surface_.evaluate(patch, st.x(), st.y(), JetOrder::kFirst);
    mesh_.positions.push_back(jet.c);
    mesh_.normals.push_back(unitNormal(jet));
    mesh_.origins.push_back({patch, st});
    return static_cast<int>(mesh_.positions.size()) - 1;
  }

  // The triangle (a, b, c) of the domain, counter-clockwise, split into n² triangles.
  void triangle(int patch, const Vec2& a, const Vec2& b, const Vec2& c, int n) {
    std::vector<std::vector<int>> rows(static_cast<std::size_t>(n + 1));
    for (int i = 0; i <= n; ++i) {        // along a → b
      for (int j = 0; j <= n - i; ++j) {  // along a → c
        const Vec2 p =
            a + (b - a) * (static_cast<double>(i) / n) + (c - a) * (static_cast<double>(j) / n);
        rows[static_cast<std::size_t>(i)].push_back(vertex(patch, p));
      }
    }
    auto at = [&rows](int i, int j) {
      return rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    };
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n - i; ++j) {
        mesh_.triangles.emplace_back(at(i, j), at(i + 1, j), at(i, j + 1));
        if (j + 1 < n - i) {
          mesh_.triangles.emplace_back(at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
        }
      }
    }
  }

  // A parallelogram domain (P0, P1, P2, P3 counter-clockwise) as an n × n grid.
  void grid(int patch, const PatchDomain& d, int n) {
    const int base = static_cast<int>(mesh_.positions.size());
    for (int j = 0; j <= n; ++j) {
      for (int i = 0; i <= n; ++i) {
        const double u = static_cast<double>(i) / n, v = static_cast<double>(j) / n;
        vertex(patch,
               d.vertex(0) + u * (d.vertex(1) - d.vertex(0)) + v * (d.vertex(3) - d.vertex(0)));
      }
    }
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) {
        const int v00 = base + j * (n + 1) + i;
        const int v10 = v00 + 1, v01 = v00 + n + 1, v11 = v01 + 1;
        mesh_.triangles.emplace_back(v00, v10, v11);
        mesh_.triangles.emplace_back(v00, v11, v01);
      }
    }
  }

 private:
  const Surface& surface_;
  TessellatedSurface& mesh_;
};

bool isParallelogram(const PatchDomain& d) {
  return d.edgeCount() == 4 && ((d.vertex(1) - d.vertex(0)) - (d.vertex(2) - d.vertex(3))).norm() <=
                                   1e-12 * (d.vertex(1) - d.vertex(0)).norm();
}

}  // namespace

TessellatedSurface tessellate(const Surface& surface, int resolution) {
  if (resolution < 1) {
    throw InvalidInputError("tessellation resolution must be at least 1, got " +
                            toText(resolution));
  }
  TessellatedSurface mesh;
  Builder builder(surface, mesh);
  for (int p = 0; p < surface.patchCount(); ++p) {
    const PatchDomain& d = surface.domain(p);
    if (isParallelogram(d)) {
      builder.grid(p, d, resolution);
    } else if (d.edgeCount() == 3) {
      builder.triangle(p, d.vertex(0), d.vertex(1), d.vertex(2), resolution);
    } else {
      Vec2 centroid = Vec2::Zero();
      for (int i = 0; i < d.edgeCount(); ++i)
        centroid += d.vertex(i);
      centroid /= d.edgeCount();
      for (int i = 0; i < d.edgeCount(); ++i) {
        builder.triangle(p, centroid, d.vertex(i), d.vertex((i + 1) % d.edgeCount()), resolution);
      }
    }
  }
  return mesh;
}

}  // namespace contactsim
