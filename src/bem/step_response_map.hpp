// The last phase of both map builders (ullrich-pai §3 eq. 6, §4): every node's Laplace-domain
// force F_j(s) = w_j / C_j(s) at the convolution quadrature's frequencies becomes its sampled step
// response, with the checks computeResponseMap's header lists (finite, no later peak above 1.5
// F(0), positive steady state).
#pragma once

#include <complex>
#include <functional>
#include <string>
#include <vector>

#include "bem/convolution_quadrature.hpp"
#include "contactsim/bem/response_map_builder.hpp"

namespace contactsim {

/// Throws InvalidInputError unless options.tail_fraction lies in (0, 1] (both builders check it
/// before their expensive work).
void requireValidTailFraction(const ResponseMapOptions& options);

/// The generating functions of every node's step response, spectrum[j][l] = F_j(s_l) / (1 − ζ_l)
/// with F_j(s) = w_j / C_j(s): `compliances(s)` gives every node's C_j(s) (without the rigid part
/// where it is removed) and runs for the frequencies in parallel (TBB), telling
/// options.progress after each.
std::vector<std::vector<std::complex<double>>> stepResponseSpectrum(
    const ConvolutionQuadrature& cq, const std::vector<double>& weights,
    const ResponseMapOptions& options,
    const std::function<std::vector<std::complex<double>>(std::complex<double> s)>& compliances);

/// `spectrum[j][l]` = F_j(s_l) / (1 − ζ_l), the generating function of node j's step response;
/// `steady[j]` = k_j where the rigid part is removed (else the tail's mean is taken). Throws
/// NumericalError naming the node as computeResponseMap documents; `remedy`, when given, replaces
/// the boundary elements' advice (refine the mesh, take a longer step) in a growing response's
/// message.
ResponseMap stepResponseMap(const ConvolutionQuadrature& cq, const BoundaryMesh& mesh,
                            const ElasticMaterial& material, const ResponseMapOptions& options,
                            const std::string& name,
                            const std::vector<std::vector<std::complex<double>>>& spectrum,
                            const std::vector<double>& steady, const std::string& remedy = {});

}  // namespace contactsim
