#include "contactsim/bem/elastic_material.hpp"

#include <cmath>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {

void ElasticMaterial::validate() const {
  requirePositive(youngs_modulus, "material Young's modulus E [Pa]");
  requirePositive(density, "material density [kg/m^3]");
  requireFinite(poisson_ratio, "material Poisson's ratio");
  if (!(poisson_ratio > -1.0 && poisson_ratio < 0.5)) {
    throw InvalidInputError("material Poisson's ratio must lie in (-1, 0.5), got " +
                            toText(poisson_ratio));
  }
}

double ElasticMaterial::shearModulus() const {
  return youngs_modulus / (2.0 * (1.0 + poisson_ratio));
}

double ElasticMaterial::lameLambda() const {
  return youngs_modulus * poisson_ratio / ((1.0 + poisson_ratio) * (1.0 - 2.0 * poisson_ratio));
}

double ElasticMaterial::pressureWaveSpeed() const {
  return std::sqrt((lameLambda() + 2.0 * shearModulus()) / density);
}

double ElasticMaterial::shearWaveSpeed() const {
  return std::sqrt(shearModulus() / density);
}

}  // namespace contactsim
