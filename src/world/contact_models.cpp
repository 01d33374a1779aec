// The contact model of each pair and the pairs' materials (contact_models.hpp).
#include "contact_models.hpp"
#include "contactsim/error.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace contactsim::world_detail {

namespace {

const char* describe(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kSmooth:
      return "a smooth surface";
    case ShapeKind::kPolyhedral:
      return "a convex polyhedron or half-space";
    case ShapeKind::kMesh:
      return "a closed triangle mesh";
    case ShapeKind::kPlanar:
      return "a planar response-map body or half-plane";
    case ShapeKind::kNone:
      break;
  }
  return "no shape";
}

std::string bodyLabel(const WorldDescription& d, std::size_t i) {
  return "body " + toText(i) + " ('" + d.bodies[i].name + "')";
}

std::string pairLabel(std::size_t k) {
  return "pair " + toText(k);
}

// The one kind of shape the world's bodies have (kNone if none has a shape); mixed worlds
// (two or more of smooth, polyhedral and mesh bodies) are resolved before.
ShapeKind worldKind(const WorldDescription& d) {
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    const ShapeKind kind = shapeKind(d.bodies[i]);
    if (kind == ShapeKind::kNone)
      continue;
    if (!first) {
      first = i;
    } else if (kind != shapeKind(d.bodies[*first])) {
      throw InvalidInputError(
          bodyLabel(d, i) + ": has " + describe(kind) + " but " + bodyLabel(d, *first) + " has " +
          describe(shapeKind(d.bodies[*first])) +
          "; smooth surfaces, polyhedra, half-spaces and triangle meshes meet in one world, "
          "but planar bodies cannot meet 3D ones");
    }
  }
  return first ? shapeKind(d.bodies[*first]) : ShapeKind::kNone;
}

// The error of pair k, whose model cannot handle shapes of kinds a and b.
InvalidInputError unsupportedPair(const WorldDescription& d, std::size_t k, ShapeKind a,
                                  ShapeKind b) {
  const PairDescription& p = d.pairs[k];
  return InvalidInputError(
      pairLabel(k) + ": the " + toString(*p.model) + " model cannot handle " +
      (p.any_pair ? std::string("the bodies' shapes (") + describe(a) + ")"
                  : "body '" + d.bodies[p.body_a].name + "' (" + describe(a) + ") and body '" +
                        d.bodies[p.body_b].name + "' (" + describe(b) + ")") +
      "; smooth takes two smooth surfaces, point two polyhedra or half-spaces or two meshes "
      "(or, in a world of smooth, polyhedral and mesh bodies, any two of them), 6d two meshes "
      "(not yet in such a mixed world), response two planar bodies");
}

// The model a world of this kind runs when no pair overrides it.
ContactModel defaultModel(ShapeKind kind, const WorldDescription& d) {
  switch (kind) {
    case ShapeKind::kPolyhedral:
      return ContactModel::kPoint;
    case ShapeKind::kMesh:
      return d.integrator.volume_contact.model;
    case ShapeKind::kPlanar:
      return ContactModel::kResponse;
    case ShapeKind::kSmooth:
    case ShapeKind::kNone:
      break;
  }
  return ContactModel::kSmooth;
}

// The model every pair of the world runs: the default or the overrides, which must agree.
ContactModel worldModel(ShapeKind kind, const WorldDescription& d) {
  ContactModel model = defaultModel(kind, d);
  std::optional<std::size_t> single;  // the first single-pair override, checked against the end
  for (std::size_t k = 0; k < d.pairs.size(); ++k) {
    const PairDescription& p = d.pairs[k];
    if (!p.model)
      continue;
    const ShapeKind a = p.any_pair ? kind : shapeKind(d.bodies[p.body_a]);
    const ShapeKind b = p.any_pair ? kind : shapeKind(d.bodies[p.body_b]);
    if (!handles(*p.model, a, b))
      throw unsupportedPair(d, k, a, b);
    if (p.any_pair) {
      model = *p.model;
      single.reset();
    } else if (!single) {
      single = k;
    }
  }
  for (std::size_t k = single.value_or(d.pairs.size()); k < d.pairs.size(); ++k) {
    const PairDescription& p = d.pairs[k];
    if (p.model && !p.any_pair && *p.model != model) {
      throw InvalidInputError(pairLabel(k) + ": the " + toString(*p.model) +
                              " model differs from the world's other pairs (" + toString(model) +
                              "); one world runs one model until islands of different models "
                              "can meet");
    }
  }
  return model;
}

double mean(const std::optional<double>& a, const std::optional<double>& b, double fallback) {
  if (!a && !b)
    return fallback;
  return std::sqrt(a.value_or(fallback) * b.value_or(fallback));
}

}  // namespace

bool isMixedWorld(const WorldDescription& description) {
  bool smooth = false, polyhedral = false, mesh = false, planar = false;
  for (const BodyDescription& b : description.bodies) {
    const ShapeKind kind = shapeKind(b);
    smooth = smooth || kind == ShapeKind::kSmooth;
    polyhedral = polyhedral || kind == ShapeKind::kPolyhedral;
    mesh = mesh || kind == ShapeKind::kMesh;
    planar = planar || kind == ShapeKind::kPlanar;
  }
  return int{smooth} + int{polyhedral} + int{mesh} >= 2 && !planar;
}

ShapeKind shapeKind(const BodyDescription& body) {
  if (body.surface)
    return ShapeKind::kSmooth;
  if (body.polyhedron || body.half_space)
    return ShapeKind::kPolyhedral;
  if (body.mesh)
    return ShapeKind::kMesh;
  if (body.response_map || body.half_plane)
    return ShapeKind::kPlanar;
  return ShapeKind::kNone;
}

bool isPlanarWorld(const WorldDescription& description) {
  return std::any_of(description.bodies.begin(), description.bodies.end(),
                     [](const BodyDescription& b) { return shapeKind(b) == ShapeKind::kPlanar; });
}

bool handles(ContactModel model, ShapeKind a, ShapeKind b) {
  if (a != b)
    return false;
  switch (model) {
    case ContactModel::kSmooth:
      return a == ShapeKind::kSmooth;
    case ContactModel::kPoint:
      return a == ShapeKind::kPolyhedral || a == ShapeKind::kMesh;
    case ContactModel::k6D:
      return a == ShapeKind::kMesh;
    case ContactModel::kResponse:
      return a == ShapeKind::kPlanar;
  }
  return false;
}

}  // namespace contactsim::world_detail

namespace contactsim {

using world_detail::ShapeKind;

namespace {

// A planar world (ullrich-pai §5): semi-implicit Euler at the maps' Δt (checked by the
// subsystem), no restitution (the maps give it).
WorldDescription resolvePlanar(WorldDescription d, const world_detail::PairMaterials& materials) {
  if (d.integrator.method != IntegratorMethod::kSemiImplicitEuler) {
    throw InvalidInputError(std::string("integrator: the response model steps at the maps' time ") +
                            "step; use semi-implicit-euler with that step, not " +
                            toString(d.integrator.method));
  }
  if (materials.anyRestitution()) {
    throw InvalidInputError(
        "restitution: the response model takes no restitution; the response maps give it "
        "(ullrich-pai §4)");
  }
  return d;
}

// The first body or pair that gives a restitution, as errors name it.
std::string restitutionGiver(const WorldDescription& d) {
  using namespace world_detail;
  std::string who;
  for (std::size_t i = 0; i < d.bodies.size() && who.empty(); ++i)
    who = d.bodies[i].restitution ? bodyLabel(d, i) : "";
  for (std::size_t k = 0; k < d.pairs.size() && who.empty(); ++k)
    who = d.pairs[k].restitution ? pairLabel(k) : "";
  return who;
}

// A mixed world (issue 22): every pair a velocity-level point contact (mesh pairs too: the 6D
// blocks are not mixed in yet), stepped by semi-implicit Euler at the scene's step.
WorldDescription resolveMixed(WorldDescription d) {
  using namespace world_detail;
  if (d.integrator.method != IntegratorMethod::kSemiImplicitEuler) {
    throw InvalidInputError(std::string("integrator: a world of smooth and polyhedral bodies ") +
                            "steps at the velocity level; use semi-implicit-euler with its step, "
                            "not " +
                            toString(d.integrator.method));
  }
  for (std::size_t k = 0; k < d.pairs.size(); ++k) {
    const PairDescription& p = d.pairs[k];
    if (p.model && *p.model != ContactModel::kPoint && !p.any_pair &&
        !handles(*p.model, shapeKind(d.bodies[p.body_a]), shapeKind(d.bodies[p.body_b])))
      throw unsupportedPair(d, k, shapeKind(d.bodies[p.body_a]), shapeKind(d.bodies[p.body_b]));
    if (p.model && *p.model != ContactModel::kPoint) {
      throw InvalidInputError(pairLabel(k) + ": the " + toString(*p.model) +
                              " model cannot be chosen in a mixed world (smooth, polyhedral and "
                              "mesh bodies): every pair is a velocity-level point contact there "
                              "(smooth surfaces at their exact closest points; 6D blocks between "
                              "meshes are not mixed into its islands yet)");
    }
  }
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    if (!d.bodies[i].force.isZero(0.0) || !d.bodies[i].torque.isZero(0.0))
      throw InvalidInputError(bodyLabel(d, i) +
                              ": external force and torque act on the bodies of mesh worlds only");
  }
  return d;
}

}  // namespace

WorldDescription resolveContactModels(WorldDescription d) {
  using namespace world_detail;
  const PairMaterials materials(d);  // validates the pairs
  const IntegratorMethod method = d.integrator.method;
  if (method == IntegratorMethod::kPointContact || method == IntegratorMethod::kVolumeContact)
    return d;  // scene format 1: the integrator names the model
  if (isMixedWorld(d))
    return resolveMixed(d);
  const ShapeKind kind = worldKind(d);
  const ContactModel model = worldModel(kind, d);
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    if (kind != ShapeKind::kMesh &&
        (!d.bodies[i].force.isZero(0.0) || !d.bodies[i].torque.isZero(0.0)))
      throw InvalidInputError(bodyLabel(d, i) +
                              ": external force and torque act on the bodies of mesh worlds only");
  }
  if (kind == ShapeKind::kPlanar)
    return resolvePlanar(d, materials);
  if (kind != ShapeKind::kPolyhedral && kind != ShapeKind::kMesh)
    return d;
  // Polyhedra and meshes step at the velocity level (semi-implicit Euler); the acceleration
  // formulation of point contact also with RK4.
  const bool acceleration =
      kind == ShapeKind::kPolyhedral &&
      d.integrator.point_contact.formulation == PointContactSettings::Formulation::kAcceleration;
  d.integrator.point_contact.rk4 = acceleration && method == IntegratorMethod::kRk4;
  if (method != IntegratorMethod::kSemiImplicitEuler && !d.integrator.point_contact.rk4) {
    throw InvalidInputError(std::string("integrator: the ") + toString(model) +
                            " model steps at the velocity level; use semi-implicit-euler with "
                            "its step (or rk4 with the acceleration formulation), not " +
                            toString(method));
  }
  if (materials.anyRestitution()) {
    throw InvalidInputError(restitutionGiver(d) + ": restitution: the " + toString(model) +
                            " model is velocity-level and plastic; restitution acts in the "
                            "smooth model's impacts");
  }
  if (kind == ShapeKind::kPolyhedral) {
    d.integrator.method = IntegratorMethod::kPointContact;
  } else {
    d.integrator.method = IntegratorMethod::kVolumeContact;
    d.integrator.volume_contact.model = model;
  }
  return d;
}

}  // namespace contactsim

namespace contactsim::world_detail {

PairMaterials::PairMaterials(const WorldDescription& d) {
  for (const BodyDescription& b : d.bodies) {
    mu_.push_back(b.friction);
    e_.push_back(b.restitution);
  }
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    const std::string what = bodyLabel(d, i);
    if (mu_[i] && (!(*mu_[i] >= 0.0) || !std::isfinite(*mu_[i])))
      throw InvalidInputError(what + ": friction must be finite and ≥ 0");
    if (e_[i] && !(*e_[i] >= 0.0 && *e_[i] <= 1.0))
      throw InvalidInputError(what + ": restitution must lie in [0, 1]");
  }
  for (std::size_t k = 0; k < d.pairs.size(); ++k) {
    const PairDescription& p = d.pairs[k];
    if (p.friction && (!(*p.friction >= 0.0) || !std::isfinite(*p.friction)))
      throw InvalidInputError(pairLabel(k) + ": friction must be finite and ≥ 0");
    if (p.restitution && !(*p.restitution >= 0.0 && *p.restitution <= 1.0))
      throw InvalidInputError(pairLabel(k) + ": restitution must lie in [0, 1]");
    if (p.any_pair) {
      // An override of every pair: each body's value, so that the geometric mean gives it.
      if (p.friction) {
        std::fill(mu_.begin(), mu_.end(), p.friction);
        pair_mu_.clear();
      }
      if (p.restitution) {
        std::fill(e_.begin(), e_.end(), p.restitution);
        pair_e_.clear();
      }
      continue;
    }
    if (p.body_a >= d.bodies.size() || p.body_b >= d.bodies.size())
      throw InvalidInputError(pairLabel(k) + ": body index out of range");
    if (p.body_a == p.body_b) {
      throw InvalidInputError(pairLabel(k) + ": names body '" + d.bodies[p.body_a].name +
                              "' twice");
    }
    const auto key = std::minmax(p.body_a, p.body_b);
    if (p.friction)
      pair_mu_[key] = *p.friction;
    if (p.restitution)
      pair_e_[key] = *p.restitution;
  }
}

double PairMaterials::friction(std::size_t i, std::size_t j, double model_default) const {
  const auto it = pair_mu_.find(std::minmax(i, j));
  return it != pair_mu_.end() ? it->second : mean(mu_[i], mu_[j], model_default);
}

double PairMaterials::restitution(std::size_t i, std::size_t j, double model_default) const {
  const auto it = pair_e_.find(std::minmax(i, j));
  return it != pair_e_.end() ? it->second : mean(e_[i], e_[j], model_default);
}

bool PairMaterials::anyRestitution() const {
  return !pair_e_.empty() ||
         std::any_of(e_.begin(), e_.end(), [](const auto& e) { return e.has_value(); });
}

}  // namespace contactsim::world_detail
