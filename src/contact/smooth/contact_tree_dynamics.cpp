#include "contact/smooth/contact_tree_dynamics.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
using Mat6N = Eigen::Matrix<double, 6, Eigen::Dynamic, Eigen::ColMajor, 6, 5>;

// What the recursion keeps per edge between its passes.
struct EdgeWork {
  ContactJoint joint;
  Mat6 X;       // Ad(E_b_p): the parent's twists in the child's frame
  Twist c_hat;  // the child's acceleration from q̇ alone: Ḣ₁ q̇ − [H₁ q̇] X φ_p + H₁ q̈_p
  Mat6N S;  // H₁ T: the child's acceleration per independent ṙ
  Mat6N U;  // I^A S
  Small D;  // F I^A S
  Eigen::PartialPivLU<Small> D_lu;
  Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 5, 1> u;  // F (I^A ĉ + p^A)
};

// (F I^A S) factorised, its columns scaled to unit length first so that parameters of different
// scales do not look singular (as contact_dynamics.cpp's ScaledSolve); throws when degenerate.
void factorise(EdgeWork& w, std::size_t edge) {
  const Eigen::Index n = w.D.cols();
  Small scaled = w.D;
  Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 6, 1> scale(n);
  bool degenerate = false;
  for (Eigen::Index j = 0; j < n; ++j) {
    const double norm = w.D.col(j).norm();
    degenerate = degenerate || !(norm > 0.0);
    scale(j) = norm > 0.0 ? 1.0 / norm : 0.0;
    scaled.col(j) *= scale(j);
  }
  w.D_lu.compute(scaled);
  double smallest = std::numeric_limits<double>::infinity(), largest = 0.0;
  for (Eigen::Index j = 0; j < n; ++j) {
    const double pivot = std::abs(w.D_lu.matrixLU()(j, j));
    smallest = std::min(smallest, pivot);
    largest = std::max(largest, pivot);
  }
  if (n > 0 && (degenerate || !(smallest > 1e-10 * largest))) {
    throw NumericalError("contact tree: the system of contact " + toText(edge) +
                         " is singular or ill-conditioned (near-conforming contact, "
                         "kry-pai-2002 §3.2)");
  }
  // D⁻¹ b = diag(scale) (D diag(scale))⁻¹ b: the scale moves into S, T and U, whose products
  // with ṙ are all the recursion forms.
  w.S = w.S * scale.asDiagonal();
  w.joint.T = w.joint.T * scale.asDiagonal();
  w.U = w.U * scale.asDiagonal();
}

// Each body is the child of at most one edge, whose parent is fixed, a root or an earlier edge's
// child.
std::vector<int> parentEdges(std::size_t bodies, const std::vector<ContactTreeEdge>& edges) {
  std::vector<int> parent_edge(bodies, -1);
  const auto n = static_cast<int>(bodies);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const ContactTreeEdge& e = edges[k];
    if (e.child < 0 || e.child >= n || e.parent < ContactTreeEdge::kFixed || e.parent >= n ||
        e.parent == e.child || e.kinematics == nullptr || e.friction == nullptr) {
      throw InvalidInputError("contact tree: edge " + toText(k) + " names no valid bodies");
    }
    if (parent_edge[static_cast<std::size_t>(e.child)] >= 0) {
      throw InvalidInputError("contact tree: body " + toText(e.child) +
                              " is the child of two contacts (a loop, not a tree)");
    }
    parent_edge[static_cast<std::size_t>(e.child)] = static_cast<int>(k);
  }
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const int p = edges[k].parent;
    if (p >= 0 && parent_edge[static_cast<std::size_t>(p)] > static_cast<int>(k)) {
      throw InvalidInputError("contact tree: edge " + toText(k) +
                              " comes before the edge of its parent body " + toText(p) +
                              " (or the edges form a cycle)");
    }
  }
  return parent_edge;
}

}  // namespace

ContactTreeAcceleration contactTreeAcceleration(const std::vector<ContactTreeBody>& bodies,
                                                const std::vector<ContactTreeEdge>& edges) {
  const std::vector<int> parent_edge = parentEdges(bodies.size(), edges);
  ContactTreeAcceleration out;
  out.edges.resize(edges.size());
  out.twists.resize(bodies.size());
  out.accelerations.assign(bodies.size(), Twist::Zero());
  std::vector<EdgeWork> work(edges.size());

  // Pass 1, root to leaves: twists, joints and the velocity-product accelerations (eq. 14, 17).
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (parent_edge[b] < 0)
      out.twists[b] = bodies[b].twist;
  }
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const ContactTreeEdge& e = edges[k];
    const ContactKinematics& kin = *e.kinematics;
    EdgeWork& w = work[k];
    ContactAcceleration& a = out.edges[k];
    w.joint =
        contactJoint(kin, e.qdot, e.mode, *e.friction, e.slip_direction_hint, e.hold_direction, a);
    w.X = adjointBody2ToBody1(kin);
    const Twist across = e.parent >= 0 ? Twist(w.X * out.twists[static_cast<std::size_t>(e.parent)])
                                       : Twist(Twist::Zero());
    out.twists[static_cast<std::size_t>(e.child)] = across + a.phi;
    w.c_hat = kin.hdot_qdot_1 - spatialCross(a.phi) * across + kin.H_1 * w.joint.qddot_p;
    w.S = kin.H_1 * w.joint.T;
  }

  // Pass 2, leaves to root: articulated inertias I^A and bias wrenches p^A, with f = I^A φ̇ + p^A
  // the wrench a body's parent contact must supply to it and its subtree.
  std::vector<Mat6> IA(bodies.size());
  std::vector<Wrench> pA(bodies.size());
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const MassProperties& m = *bodies[b].mass;
    IA[b] = m.spatialInertia();
    // Newton–Euler (eq. 15): M φ̇ = f_ext + [φ]ᵀ M φ + f.
    pA[b] =
        -(bodies[b].f_ext + spatialCrossTransposeTimes(out.twists[b], m.momentum(out.twists[b])));
  }
  for (std::size_t k = edges.size(); k-- > 0;) {
    const ContactTreeEdge& e = edges[k];
    EdgeWork& w = work[k];
    const auto b = static_cast<std::size_t>(e.child);
    const Wrench bias = IA[b] * w.c_hat + pA[b];
    w.U = IA[b] * w.S;
    w.D = w.joint.F * w.U;
    w.u = w.joint.F * bias;
    factorise(w, k);
    if (e.parent < 0)
      continue;
    // The child's contact passes on what its friction law leaves: f = P (I^A (X φ̇_p + ĉ) + p^A)
    // with P = 1 − U D⁻¹ F.
    const Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::ColMajor, 5, 6> DinvF =
        w.D_lu.solve(w.joint.F);
    const Mat6 Ia = IA[b] - w.U * (DinvF * IA[b]);
    const Wrench pa = bias - w.U * w.D_lu.solve(w.u);
    const auto p = static_cast<std::size_t>(e.parent);
    IA[p] += w.X.transpose() * Ia * w.X;
    pA[p] += w.X.transpose() * pa;
  }

  // Pass 3, root to leaves: floating roots move freely (I^A φ̇ + p^A = 0), then each contact's
  // independent accelerations, q̈, the child's φ̇ and the constraint wrench (eq. 19).
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (parent_edge[b] >= 0)
      continue;
    const Eigen::PartialPivLU<Mat6> lu(IA[b]);
    out.accelerations[b] = lu.solve(-pA[b]);
  }
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const ContactTreeEdge& e = edges[k];
    EdgeWork& w = work[k];
    ContactAcceleration& a = out.edges[k];
    const auto b = static_cast<std::size_t>(e.child);
    const Twist from_parent =
        e.parent >= 0 ? Twist(w.X * out.accelerations[static_cast<std::size_t>(e.parent)])
                      : Twist(Twist::Zero());
    const auto rdot = w.D_lu.solve(-(w.joint.F * (IA[b] * from_parent) + w.u)).eval();
    a.qddot = w.joint.T * rdot + w.joint.qddot_p;
    out.accelerations[b] = from_parent + w.c_hat + w.S * rdot;
    const Wrench f = IA[b] * out.accelerations[b] + pA[b];
    a.wrench_1c = adjoint(e.kinematics->E_1_1c).transpose() * f;
    a.normal_force = -a.wrench_1c(5);
    if (!a.qddot.allFinite() || !out.accelerations[b].allFinite())
      throw NumericalError("contact tree: non-finite acceleration at contact " + toText(k));
  }
  return out;
}

}  // namespace contactsim
