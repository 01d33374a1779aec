// bouchard-2015 §6.1.8 (Figs. 16–17): an octagonal block sliding on a plane with dry friction.
// Circumradius 10 cm, 1 kg, μ = 0.3, 1 m/s along x, refined caps (21 vertices on the bottom face:
// the paper's 21 point contacts), on a fixed slab whose top is z = 0; Coulomb friction stops it
// after v²/(2 μ g) = 0.170 m. The settings of scenes/octagon-slide-21.json (half height 0.025 m)
// and scenes/octagon-column-21.json (0.25 m). Shared by tests/ and bench/.
#pragma once

#include "world/volume_contact_world.hpp"

namespace contactsim::reference {

inline constexpr double kOctagonFriction = 0.3;  ///< μ of block and floor
inline constexpr double kOctagonSpeed = 1.0;     ///< initial speed along x [m/s]

/// The sliding octagon of the given half height [m], standing on the floor, in `model`.
VolumeContactWorldDescription slidingOctagon(double half_height, ContactModel model);

}  // namespace contactsim::reference
