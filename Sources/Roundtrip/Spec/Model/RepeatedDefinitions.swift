import Foundation

/// The parameter definitions a spec has already been read for, so that a definition the spec
/// repeats is read once.
///
/// Published URL APIs repeat their parameters across actions: the specs of Bear's, Drafts' and
/// Things' x-callback-url APIs in `Examples/` repeat 67 of 89, 33 of 56 and 39 of 79 parameter
/// definitions (49, 23 and 18 under the same name), and a payment app's actions share their
/// amount and currency. Reading a definition is most of the work of loading a spec at launch;
/// looking one up is a fraction of it.
///
/// A definition is recognised by its content, whatever name it is given: `{type: string,
/// max-length: 200}` under `title` and under `text` is read once. Reading a definition uses its
/// name for nothing but the name it gives the parameter (the checks of the name itself are the
/// caller's, made at every place), so a repeat under another name is the earlier parameter
/// renamed.
///
/// Only definitions whose reading found nothing to report are remembered. The result then
/// depends on the name and on the definition's content alone (the reader's other state is the
/// patterns and date formats it compiled, which are the same for the same text), so a repeat
/// gets exactly what reading it again would give. A definition with a finding is read again at
/// every place, so each place gets its own finding with its own key path and line.
struct RepeatedDefinitions {
    /// A definition as the reader was asked for it.
    struct Definition {
        /// The parameter's name, or `nil` for one that names itself (`query-value`, `fragment`).
        let name: String?
        /// The definition, whose content (not its position) is compared.
        let node: DocumentNode
        /// Whether the definition may name itself.
        let allowName: Bool
        /// Whether the definition may be a list.
        let allowList: Bool
    }

    /// An action's whole `parameters` mapping as the reader was asked for it. Which names it may
    /// use depends on the action's convention, return parameter and response prefix, so they are
    /// compared too.
    struct ParameterSet {
        /// The `parameters` mapping, compared by its text.
        let node: DocumentNode
        /// The action's convention.
        let convention: Convention
        /// The action's return parameter.
        let returnParameter: String
        /// The action's response prefix.
        let responsePrefix: String
    }

    /// The text the definitions were parsed from, when its front end records where a value's
    /// text ends (``DocumentNode/sourceEnd``): the JSON parser for every value, the YAML reader
    /// for a flow collection with no alias inside. Such a text alone determines the value, so two
    /// definitions with the same text have the same content, and comparing the bytes is enough.
    /// Where the end is not kept (a block mapping in YAML, where the same text can mean different
    /// values because an alias refers to an anchor set elsewhere), the parsed values are
    /// compared instead.
    private let source: [UInt8]?

    /// The definitions read without a finding, by digest (a digest may stand for several).
    private var read = DigestTable<(definition: Definition, parameter: ParameterSpec)>()
    /// How many definitions were found read before and how many were not: a spec whose
    /// definitions all differ stops looking them up (``lookingUpPays``).
    private var lookups = RepeatTally()

    /// Whether a definition is still worth looking up (and remembering) by its digest.
    var lookingUpPays: Bool { lookups.pays }
    /// Definitions read without a finding that the JSON parser gave as repeats of an earlier
    /// text (``DocumentNode/Repeat``), by where that text starts: its further repeats are found
    /// here without a digest or a comparison.
    private var readAt = DigestTable<(start: Int, flags: UInt8, parameter: ParameterSpec)>()
    /// The last parameter set read without a finding whose definitions' texts are known (JSON),
    /// and its parameters: the next set whose definitions repeat those texts in the same order,
    /// in the same context, has the same parameters under its own names (actions that repeat
    /// their definitions under names of their own, `amount7`).
    private var lastSet: ParameterSet?
    /// Where the text of each definition of ``lastSet`` starts.
    private var lastSetStarts: [Int] = []
    /// The parameters read for ``lastSet``.
    private var lastSetParameters: [ParameterSpec] = []
    /// The parameter sets read without a finding, by where their text starts, when it is known
    /// (see ``parameters(for:)``).
    private var readSets = DigestTable<(start: Int, set: ParameterSet, parameters: [ParameterSpec])>()

    /// Creates an empty record for definitions parsed from `source`, if it is known.
    init(source: [UInt8]? = nil) {
        self.source = source
    }

    /// The part of ``source`` that is the node's text, if known.
    private func text(of node: DocumentNode) -> Range<Int>? {
        guard let source, let end = node.sourceEnd, node.position.offset <= end, end <= source.count else { return nil }
        return node.position.offset..<end
    }

    /// Whether the definition is given a name, and each flag, as a bit of their own.
    private static func flags(of definition: Definition) -> UInt8 {
        (definition.allowName ? 1 : 0) | (definition.allowList ? 2 : 0) | (definition.name == nil ? 4 : 0)
    }

    /// A digest of everything compared, made without allocating: the flags, then the
    /// definition's text or its content. The name given is left out: it does not change what is
    /// read.
    func digest(of definition: Definition) -> UInt64 {
        let seed = UInt64(Self.flags(of: definition))
        if let source, let range = text(of: definition.node) {
            return source.withUnsafeBytes { bytes in WordHash.hash(UnsafeRawBufferPointer(rebasing: bytes[range]), seed: seed) }
        }
        var hash = FNV1a()
        hash.add(count: Int(truncatingIfNeeded: seed))
        hash.add(definition.node)
        return hash.value
    }

    /// Whether two definitions read the same: the same flags and content, both given a name (any
    /// name) or both naming themselves (in their content).
    private func isSame(_ lhs: Definition, _ rhs: Definition) -> Bool {
        guard (lhs.name == nil) == (rhs.name == nil), lhs.allowName == rhs.allowName, lhs.allowList == rhs.allowList else { return false }
        if source != nil, text(of: lhs.node) != nil, text(of: rhs.node) != nil { return sameText(lhs.node, rhs.node) }
        return Self.sameContent(lhs.node, rhs.node)
    }

    private static func sameContent(_ lhs: DocumentNode, _ rhs: DocumentNode) -> Bool {
        switch (lhs.value, rhs.value) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for index in left.indices {
                guard sameBytes(left[index].key, right[index].key), sameContent(left[index].value, right[index].value) else { return false }
            }
            return true
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            for index in left.indices where !sameContent(left[index], right[index]) { return false }
            return true
        case (.string(let left), .string(let right)), (.number(let left), .number(let right)):
            return sameBytes(left, right)
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.null, .null):
            return true
        // A repeat has its original's content.
        case (.repeated(let earlier), _):
            return sameContent(earlier.original, rhs)
        case (_, .repeated(let earlier)):
            return sameContent(lhs, earlier.original)
        default:
            return false
        }
    }

    /// Whether two texts are both absent or the same bytes (``String/hasSameBytes(as:)``).
    private static func sameBytes(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let left?, let right?): left.hasSameBytes(as: right)
        default: false
        }
    }

    /// The parameters read earlier for the set whose text this set repeats, in the same
    /// context, if reading it found nothing to report. Only a parsed repeat
    /// (``DocumentNode/Repeat``, which the JSON parser gives for a mapping whose text it has
    /// parsed before) is looked up: it is found by where the text it repeats starts, without a
    /// digest of its hundreds of bytes or a comparison. (A YAML document has none: there each
    /// definition is looked up on its own.)
    func parameters(for set: ParameterSet) -> [ParameterSpec]? {
        guard let start = repeatedTextStart(of: set.node) else { return nil }
        return readSets.first(
            digest: Self.digest(ofStart: start),
            where: { entry in
                entry.start == start && entry.set.convention == set.convention && Self.sameBytes(entry.set.returnParameter, set.returnParameter)
                    && Self.sameBytes(entry.set.responsePrefix, set.responsePrefix)
            },
            part: { $0.parameters }
        )
    }

    /// Remembers the parameters of a set whose reading found nothing to report, by where its
    /// text starts, when that is known (JSON).
    mutating func remember(_ parameters: [ParameterSpec], for set: ParameterSet) {
        guard let start = textStart(of: set.node) else { return }
        readSets.insert((start, set, parameters), digest: Self.digest(ofStart: start))
    }

    /// Where the text of a definition or set starts, when it is known: its own place, or for a
    /// parsed repeat the place of the text it repeats.
    private func textStart(of node: DocumentNode) -> Int? {
        guard source != nil, node.sourceEnd != nil else { return nil }
        return repeatedTextStart(of: node) ?? node.position.offset
    }

    /// Where the text that a parsed repeat repeats starts; `nil` for any other node.
    private func repeatedTextStart(of node: DocumentNode) -> Int? {
        guard source != nil, case .repeated(let earlier) = node.value else { return nil }
        return earlier.original.position.offset
    }

    /// The digest a text is kept under by where it starts (each place holds one text).
    private static func digest(ofStart start: Int) -> UInt64 { UInt64(truncatingIfNeeded: start) }

    /// The parameters of the last set read (see ``lastSet``), not yet renamed, when each of
    /// `entries`' definitions is a parsed repeat of the text of that set's definition at its
    /// place, and the context is the same.
    ///
    /// - Complexity: O(*n*) in the number of entries.
    func parametersRenamed(for set: ParameterSet, entries: [DocumentNode.Member]) -> [ParameterSpec]? {
        // Read in place: binding the last set to a local would copy (retain) all its parts.
        guard lastSetStarts.count == entries.count, lastSet?.convention == set.convention,
            Self.sameBytes(lastSet?.returnParameter, set.returnParameter), Self.sameBytes(lastSet?.responsePrefix, set.responsePrefix)
        else { return nil }
        for index in entries.indices where repeatedTextStart(of: entries[index].value) != lastSetStarts[index] { return nil }
        return lastSetParameters
    }

    /// Remembers a set read without a finding, definition by definition, when every definition
    /// was read and its text is known (see ``lastSet``).
    mutating func rememberDefinitions(of set: ParameterSet, entries: [DocumentNode.Member], read parameters: [ParameterSpec]) {
        guard source != nil, parameters.count == entries.count else { return }
        var starts: [Int] = []
        starts.reserveCapacity(entries.count)
        for entry in entries {
            guard let start = textStart(of: entry.value) else { return }
            starts.append(start)
        }
        (lastSet, lastSetStarts, lastSetParameters) = (set, starts, parameters)
    }

    /// Whether two nodes have the same text (`false` when either text is not known).
    private func sameText(_ lhs: DocumentNode, _ rhs: DocumentNode) -> Bool {
        guard let source, let left = text(of: lhs), let right = text(of: rhs), left.count == right.count else { return false }
        return source.withUnsafeBytes { bytes in
            left.isEmpty || memcmp(bytes.baseAddress! + left.lowerBound, bytes.baseAddress! + right.lowerBound, left.count) == 0
        }
    }

    /// The parameter read earlier for the same definition, if its reading found nothing to report.
    ///
    /// Found for a parsed repeat, it is also kept by where the repeated text starts, so the
    /// text's further repeats find it there (``parameter(repeating:)``): only a document with
    /// repeats pays for that record.
    ///
    /// - Complexity: O(*n*) in the size of the definition.
    mutating func parameter(for definition: Definition, digest: UInt64) -> ParameterSpec? {
        let found = read.first(digest: digest, where: { isSame($0.definition, definition) }, part: { $0.parameter })
        lookups.count(found: found != nil)
        guard var parameter = found else { return nil }
        if let start = repeatedTextStart(of: definition.node) {
            readAt.insert((start, Self.flags(of: definition), parameter), digest: Self.digest(ofStart: start))
        }
        // The name is held beside the shared fields: renaming copies none of them.
        if let name = definition.name { parameter.name = name }
        return parameter
    }

    /// The parameter read earlier for the text a parsed repeat repeats, with the same flags, if
    /// its reading found nothing to report.
    ///
    /// - Complexity: O(1).
    func parameter(repeating definition: Definition) -> ParameterSpec? {
        guard let start = repeatedTextStart(of: definition.node),
            var parameter = readAt.first(
                digest: Self.digest(ofStart: start),
                where: { $0.start == start && $0.flags == Self.flags(of: definition) },
                part: { $0.parameter }
            )
        else { return nil }
        if let name = definition.name { parameter.name = name }
        return parameter
    }

    /// Remembers a parameter whose reading found nothing to report.
    mutating func remember(_ parameter: ParameterSpec, for definition: Definition, digest: UInt64) {
        read.insert((definition, parameter), digest: digest)
    }
}

/// FNV-1a, 64 bits, over the parts of a document node.
private struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Mixes in a count whole, in one step: it delimits the texts and lists that follow.
    mutating func add(count: Int) {
        value = (value ^ UInt64(truncatingIfNeeded: count)) &* 0x0000_0100_0000_01B3
    }

    mutating func add(text: String) {
        add(count: text.utf8.count)
        for byte in text.utf8 { add(byte) }
    }

    mutating func add(_ node: DocumentNode) {
        switch node.value {
        case .object(let members):
            add(UInt8(ascii: "{"))
            add(count: members.count)
            for member in members {
                add(text: member.key)
                add(member.value)
            }
        case .array(let elements):
            add(UInt8(ascii: "["))
            add(count: elements.count)
            for element in elements { add(element) }
        case .string(let text):
            add(UInt8(ascii: "s"))
            add(text: text)
        case .number(let text):
            add(UInt8(ascii: "#"))
            add(text: text)
        case .bool(let flag):
            add(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .null:
            add(UInt8(ascii: "~"))
        case .repeated(let earlier):
            add(earlier.original)
        }
    }
}
