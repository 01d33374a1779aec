// The bad-input set: malformed scene files in tests/data/bad_scenes with the JSON path and the
// words every error message must contain. Shared by the loader test and the CLI test.
#pragma once

#include <string>
#include <vector>

namespace contactsim::testing {

struct BadScene {
  std::string file;       ///< name in tests/data/bad_scenes, without ".json"
  std::string json_path;  ///< JSON pointer the error must name
  std::string words;      ///< words the message must contain
};

inline std::string repeated(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i)
    out += text;
  return out;
}

inline const std::vector<BadScene>& badScenes() {
  static const std::vector<BadScene> k{
      {"invalid_json", "/", "invalid JSON"},
      {"root_is_array", "/", "expected an object"},
      {"negative_mass", "/bodies/0/mass", "positive"},
      {"zero_mass", "/bodies/0/mass", "positive"},
      {"inertia_not_positive_definite", "/bodies/0/inertia", "positive definite"},
      {"inertia_asymmetric", "/bodies/0/inertia", "symmetric"},
      {"inertia_triangle_inequality", "/bodies/0/inertia", "triangle inequality"},
      {"quaternion_not_unit", "/bodies/0/orientation", "unit quaternion"},
      {"mass_is_a_string", "/bodies/0/mass", "expected a number"},
      {"position_wrong_length", "/bodies/0/position", "3 numbers"},
      {"unknown_top_level_key", "/gravty", "unknown key"},
      {"unknown_body_key", "/bodies/0/colour", "unknown key"},
      {"unknown_integrator", "/integrator/method", "unknown integrator"},
      {"max_step_below_min_step", "/integrator/max_step", "max_step"},
      {"negative_step", "/integrator/step", "positive"},
      {"duplicate_body_names", "/bodies/1/name", "duplicate"},
      {"missing_bodies", "/", "missing required key \"bodies\""},
      {"empty_bodies", "/bodies", "non-empty"},
      {"zero_duration", "/duration", "positive"},
      {"unsupported_version", "/version", "version 3"},
      {"negative_output_rate", "/output/rate", "positive"},
      {"body_name_with_comma", "/bodies/0/name", "body name"},
      {"infinite_velocity", "/", "number overflow parsing '1e999'"},
      {"unknown_shape_type", "/bodies/0/shape/type", "unknown shape type"},
      {"shell_inner_beyond_outer", "/bodies/1/shape", "inner radius must be smaller"},
      {"free_bodies_start_inside", "/", "'ball' and 'shell' start inside each other"},
      {"contact_body_not_found", "/contacts/0/bodies/1", "no body named"},
      {"contact_q_outside_domain", "/contacts/0", "outside the domain"},
      {"fixed_body_with_mass", "/bodies/1/mass", "fixed body"},
      {"contact_body_has_pose", "/bodies/0/position", "smooth contact"},
      {"missing_obj_file", "/bodies/0/shape/obj", "no-such-bowl.obj"},
      {"point_boxes_interpenetrate", "/bodies/1", "inside body 'b'"},
      {"point_box_negative_extent", "/bodies/1/shape/half_extents", "half_extents"},
      {"point_free_half_space", "/bodies/0", "half-space must be fixed"},
      {"collisions_bad_restitution", "/collisions/restitution", "restitution"},
      {"collisions_start_inside", "/bodies/0", "starts inside body 'floor'"},
      {"collisions_unknown_key", "/collisions/bounce", "unknown key"},
      {"point_sphere_shape", "/bodies/1/shape/type", "box, prism, frustum and half-space"},
      {"point_negative_friction", "/bodies/1/friction", "μ ≥ 0"},
      {"point_bad_cone_projection", "/integrator/cone_projection", "Coulomb"},
      {"point_baumgarte_above_one", "/integrator/baumgarte", "baumgarte"},
      {"smooth_scene_with_box", "/bodies/0/shape/type", "point-contact integrator"},
      {"friction_outside_point_contact", "/bodies/0/friction", "point-contact integrator"},
      {"point_prism_two_sides", "/bodies/1/shape/sides", "sides"},
      {"volume_bodies_interpenetrate", "/bodies/1", "starts inside body 'floor'"},
      {"volume_drive_on_spherical_joint", "/joints/0/drive", "only a revolute joint"},
      {"volume_force_on_fixed_body", "/bodies/0/force", "free bodies"},
      {"volume_joint_on_fixed_body", "/joints/0", "is fixed and so is the other side"},
      {"volume_joint_unknown_body", "/joints/0/bodies/1", "no body named"},
      {"volume_joints_without_volume_contact", "/joints", "volume-contact integrator"},
      {"volume_missing_resolution", "/integrator", "missing required key \"resolution\""},
      {"volume_negative_target_volume", "/integrator/target_volume", "target_volume"},
      {"volume_open_mesh", "/bodies/1/shape/obj", "must be closed"},
      {"volume_sphere_with_rk4", "/bodies/0/shape/type", "volume-contact integrator"},
      {"volume_unknown_contact_model", "/integrator/contact_model", "\"point\""},
      // Scene format 2.
      {"v2_unknown_pair_model", "/pairs/0/model", "unknown contact model \"hydroelastic\""},
      {"v2_pair_names_body_twice", "/pairs/0/bodies", "names body \"ball\" twice"},
      {"v2_pair_unknown_body", "/pairs/0/bodies/1", "no body named \"table\""},
      {"v2_six_d_between_spheres", "/pairs/0", "the 6d model cannot handle body 'ball'"},
      {"v2_mixed_models", "/bodies/1", "different contact models"},
      {"v2_restitution_on_boxes", "/pairs/0", "velocity-level and plastic"},
      {"v2_boxes_with_rk4", "/integrator", "use semi-implicit-euler"},
      {"v2_empty_pair", "/pairs/0", "at least one of model, friction and restitution"},
      {"v2_bad_representation", "/bodies/1/shape/representation", "\"mesh\" (6D)"},
      {"v2_version1_collisions_key", "/collisions", "unknown key"},
      {"v2_version1_integrator", "/integrator/method", "the contact model follows from the shapes"},
      {"v2_material_negative_friction", "/bodies/0/material/friction", "μ ≥ 0"},
      {"planar_map_missing", "/bodies/0/shape/map", "no such response map file"},
      {"planar_step_not_map_dt", "/integrator", "differs from the time step 1e-05 s"},
      {"planar_mixed_with_smooth", "/bodies/1", "planar bodies cannot meet 3D ones"},
      {"planar_gravity_out_of_plane", "/gravity", "gravity lies in the plane"},
      {"planar_body_with_mass", "/bodies/0/mass", "takes its mass from its map's outline"},
      // Hostile input (issue 27): names that would lead out of contactsim-out/, integers that
      // would wrap, a repeated key (nlohmann keeps the last), 100 levels of nesting in a shape
      // (the 65th container is refused: the root, bodies, the body, the shape and 61 levels).
      {"scene_name_leaves_output_dir", "/name", "plain scene name"},
      {"scene_name_absolute_path", "/name", "plain scene name"},
      {"version_wraps_to_one", "/version", "integer 4294967297 out of range"},
      {"duplicate_key", "/duration", "duplicate key \"duration\""},
      {"nesting_too_deep", "/bodies/0/shape" + repeated("/a", 61), "nested deeper than 64 levels"},
      // Sizes that drive memory or time, refused before anything is built (issue 27, defect 4;
      // SceneLimits): steps, trajectory rows, generated triangles, rays, response-map work.
      {"limit_duration_huge", "/integrator/step", "number of steps"},
      {"limit_step_tiny", "/integrator/step", "number of steps"},
      {"limit_adaptive_duration", "/integrator/max_step", "number of steps"},
      {"limit_rate_huge", "/output/rate", "trajectory's rows"},
      {"limit_rate_1e300", "/output/rate", "trajectory's rows"},
      {"limit_prism_sides", "/bodies/1/shape/sides", "prism's faces"},
      {"limit_uv_sphere_slices", "/bodies/1/shape/slices", "mesh's triangles"},
      {"limit_box_subdivisions", "/bodies/1/shape/subdivisions", "mesh's triangles"},
      {"limit_rays", "/models/6d/resolution", "rays across two bodies' overlap"},
      // A response map computed from an outline (its boundary-element work), refused before the
      // outline is meshed: 1e8 samples, 2e9 elements (before, any size was computed).
      {"limit_map_samples", "/bodies/0/shape/map/samples", "response map's work"},
      {"limit_map_elements", "/bodies/0/shape/map/samples", "response map's work"},
      // A settings check's message points at the key it names (defect 6), not at its object.
      {"tessellation_zero", "/models/smooth/collisions/tessellation", "tessellation must lie"},
      {"negative_boundary_epsilon", "/contacts/0/boundary_epsilon", "ε ≥ 0"},
      // A state finite but absurd: 1e308 m up, its potential energy overflows (defect 5).
      {"position_overflows_energy", "/bodies/0", "energy is not finite"},
  };
  return k;
}

inline std::string badScenePath(const BadScene& s) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/" + s.file + ".json";
}

}  // namespace contactsim::testing
