import CYaml

/// How large a YAML text grows once its aliases are expanded, measured on libyaml's event stream
/// before Yams composes it.
///
/// An alias (`*name`) stands for the whole node its anchor (`&name`) marks, so nested aliases
/// grow a few kilobytes into billions of nodes ("billion laughs"). Yams resolves an alias by
/// sharing the node, but hashes a mapping key whole to find duplicate keys, and the spec reader
/// walks every copy, so such a file would hang the loader, and with it `roundtrip serve`'s
/// inspector, which loads pasted specs. Counting first costs one linear pass of the C parser.
///
/// It imports Yams' own libyaml module (`CYaml`) because Yams publishes no event API.
enum AliasExpansion {
    /// Whether the text holds more than `limit` nodes (scalars, sequences, mappings and mapping
    /// keys) with every alias expanded. A text libyaml cannot parse is not measured (`false`):
    /// Yams then reports the syntax error with its place.
    ///
    /// - Complexity: O(*n*) in the length of the text; the count stops at `limit`.
    static func exceeds(_ text: String, limit: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return false }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var sizes: [String: Int] = [:]  // Expanded size of each anchored node.
            var open: [(anchor: String?, size: Int)] = [(nil, 0)]  // Collections being read; the first is the stream.
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                var completed: (anchor: String?, size: Int)?
                switch event.type {
                case YAML_SCALAR_EVENT:
                    completed = (anchorName(event.data.scalar.anchor), 1)
                case YAML_ALIAS_EVENT:
                    completed = (nil, anchorName(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1)
                case YAML_SEQUENCE_START_EVENT:
                    open.append((anchorName(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    open.append((anchorName(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if open.count > 1 { completed = open.removeLast() }
                case YAML_STREAM_END_EVENT:
                    return false
                default:
                    break
                }
                guard let (anchor, size) = completed else { continue }
                if let anchor { sizes[anchor] = size }
                open[open.count - 1].size += size
                if open[open.count - 1].size > limit { return true }
            }
            return false
        }
    }

    private static func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
