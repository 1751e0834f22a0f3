import Roundtrip

/// How serious a finding is: `error` (the command exits 1), `warning` or `note`.
///
/// The same scale as the core's spec lint, so `roundtrip spec lint` and `roundtrip audit` grade
/// problems alike; errors sort first.
package typealias Severity = SpecDiagnostic.Severity
