// The moments of the intersection volume of two rigid bodies bounded by closed triangle meshes,
// by parallel rays in three orthogonal directions (bouchard-2015 §4.1–4.2, Allard et al. 2010,
// Wang et al. 2012), with Embree 3 and TBB.
#pragma once

#include <array>
#include <cstdint>

#include "collision/contact_patch.hpp"
#include "collision/ray_cast_body.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

struct IntersectionVolumeOptions {
  /// Ray spacing h [m], > 0, the same in the three directions. Rays run along the world axes
  /// through the points (i + 0.618…) h of a world-fixed lattice (so results do not depend on
  /// where the bodies' bounds happen to start, both bodies moved by a multiple of h give the same
  /// numbers, and faces at round coordinates hold no ray in their plane); each ray stands for an
  /// h × h prism.
  double resolution = 0.0;
};

struct IntersectionVolumeStats {
  std::int64_t rays = 0;           ///< rays cast (one per line and body whose bounds it crosses)
  std::int64_t hits = 0;           ///< surface crossings after merging duplicates
  std::int64_t parity_errors = 0;  ///< crossings out of turn (entering while inside), ignored
  std::array<std::int64_t, 3> lines = {0, 0, 0};  ///< lines per axis over the overlap bounds
  std::array<std::int64_t, 3> lines_through_volume = {0, 0, 0};  ///< with a non-empty overlap
  std::array<double, 3> volume_per_axis = {0, 0, 0};  ///< V from the rays along x, y, z alone
  std::array<double, 3> weight_per_axis = {0, 0, 0};  ///< how the three are combined (sum 1)
};

struct IntersectionVolume {
  VolumeMoments moments;  ///< world frame; all zero when the bodies do not overlap
  IntersectionVolumeStats stats;
};

/// The intersection of bodies A and B at poses X_WA and X_WB (body → world), measured by rays
/// over the overlap of their world bounding boxes (bouchard-2015 §4.1). Each ray's crossings with
/// each surface give that body's inside intervals (entering and leaving, from outside its bounds);
/// their intersection is integrated exactly along the ray (V, ∫x, ∫xxᵀ, App. A eqs. 14–16) and
/// times the ray's cross-section h². The three axes each give an estimate; they are averaged with
/// weights proportional to the square of the number of rays along that axis that meet the volume
/// (a thin overlap seen edge-on is missed by most rays along the plate and carries almost no
/// weight). The gradient takes component k from the rays along axis k only, where the surface
/// element of a crossing is exactly ±h² projected (documented in intersection_volume.cpp).
/// Touching or separated bodies give volume 0 and gradient 0. Throws InvalidInputError unless the
/// resolution is positive and finite, or for non-finite poses.
IntersectionVolume intersectionVolume(const RayCastBody& a, const Frame& X_WA, const RayCastBody& b,
                                      const Frame& X_WB, const IntersectionVolumeOptions& options);

}  // namespace contactsim
