/// The words YAML 1.1 readers take for Booleans, which the loader reads the same way.
///
/// Roundtrip's YAML reader follows YAML 1.2, where `off` and `yes` are text, but many readers
/// and editor validators (PyYAML among them) follow YAML 1.1, where `yes`, `on`, `no` and `off`
/// are Booleans, as the YAML 1.1 "Boolean Language-Independent Type" lists them. So that a spec
/// means the same to both, a Boolean key reads every one of these words, and a key whose
/// choices include `off` (`signatures`) reads the false words as `off` and refuses the true
/// words, which a YAML 1.1 reader would hand it as `true`.
enum YAMLBooleanWords {
    /// `true` in YAML 1.1.
    static let truths: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
    /// `false` in YAML 1.1.
    static let falsehoods: Set<String> = ["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"]
}
