import Roundtrip

/// An `<intent-filter>` of an Android manifest: the actions, categories and `<data>` it declares.
///
/// Android pools every `<data>` element of a filter ("`<data>` element", Android's manifest
/// reference): the schemes, the authorities (host with optional port), the paths and the
/// scheme-specific parts each form one list, and a URI matches when it matches one entry of each
/// list that is present: the cross product of all `<data>` elements. That is why a web scheme and
/// a custom scheme should never share a filter.
public struct IntentFilter: Sendable, Hashable {
    /// `<action android:name>` values, such as `android.intent.action.VIEW`.
    public var actions: [String]
    /// `<category android:name>` values, such as `android.intent.category.BROWSABLE`.
    public var categories: [String]
    /// `android:scheme` values, compared case-sensitively as Android does.
    public var schemes: [String]
    /// `android:host` (with `android:port` of the same `<data>`) values.
    public var authorities: [Authority]
    /// `android:path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern` and `pathSuffix` values.
    public var paths: [AndroidPattern]
    /// `android:ssp`, `sspPrefix`, `sspPattern`, `sspAdvancedPattern` and `sspSuffix` values,
    /// matched against an opaque URI's scheme-specific part.
    public var schemeSpecificParts: [AndroidPattern]
    /// `android:mimeType` values, kept for writing; a URL alone carries no type.
    public var mimeTypes: [String]
    /// API 35's `<uri-relative-filter-group>` elements, in order.
    public var relativeFilterGroups: [UriRelativeFilterGroup]
    /// `android:autoVerify="true"`: Android verifies the filter's web hosts with Digital Asset
    /// Links.
    public var autoVerify: Bool
    /// Where the `<intent-filter>` starts in the file it was read from.
    public var position: SourcePosition?

    /// A host, with `*` then a suffix for a wildcard, and an optional port.
    public struct Authority: Sendable, Hashable {
        /// The host as written, such as `example.com` or `*.example.com`.
        public var host: String
        /// The port; `nil` accepts a URI with any port or none.
        public var port: Int?

        /// Creates an authority.
        public init(host: String, port: Int? = nil) {
            self.host = host
            self.port = port
        }
    }

    /// The action of an intent that opens a link (`Intent.ACTION_VIEW`).
    public static let actionView = "android.intent.action.VIEW"
    /// The category every implicit intent to an activity carries (`Intent.CATEGORY_DEFAULT`).
    public static let categoryDefault = "android.intent.category.DEFAULT"
    /// The category of an intent a browser starts from a link (`Intent.CATEGORY_BROWSABLE`).
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"

    /// Creates a filter.
    public init(
        actions: [String] = [],
        categories: [String] = [],
        schemes: [String] = [],
        authorities: [Authority] = [],
        paths: [AndroidPattern] = [],
        schemeSpecificParts: [AndroidPattern] = [],
        mimeTypes: [String] = [],
        relativeFilterGroups: [UriRelativeFilterGroup] = [],
        autoVerify: Bool = false,
        position: SourcePosition? = nil
    ) {
        self.actions = actions
        self.categories = categories
        self.schemes = schemes
        self.authorities = authorities
        self.paths = paths
        self.schemeSpecificParts = schemeSpecificParts
        self.mimeTypes = mimeTypes
        self.relativeFilterGroups = relativeFilterGroups
        self.autoVerify = autoVerify
        self.position = position
    }

    /// A verified App Links filter: VIEW, DEFAULT and BROWSABLE, `autoVerify`, the given web
    /// schemes and hosts, and optional paths ("Add Android App Links").
    public static func appLinks(schemes: [String] = ["https"], hosts: [String], paths: [AndroidPattern] = []) -> IntentFilter {
        IntentFilter(
            actions: [actionView],
            categories: [categoryDefault, categoryBrowsable],
            schemes: schemes,
            authorities: hosts.map { Authority(host: $0) },
            paths: paths,
            autoVerify: true
        )
    }

    /// Two filters are equal when they declare the same; where they were read is ignored.
    public static func == (lhs: IntentFilter, rhs: IntentFilter) -> Bool {
        lhs.actions == rhs.actions && lhs.categories == rhs.categories && lhs.schemes == rhs.schemes && lhs.authorities == rhs.authorities
            && lhs.paths == rhs.paths && lhs.schemeSpecificParts == rhs.schemeSpecificParts && lhs.mimeTypes == rhs.mimeTypes
            && lhs.relativeFilterGroups == rhs.relativeFilterGroups && lhs.autoVerify == rhs.autoVerify
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(actions)
        hasher.combine(categories)
        hasher.combine(schemes)
        hasher.combine(authorities)
        hasher.combine(paths)
        hasher.combine(schemeSpecificParts)
        hasher.combine(relativeFilterGroups)
        hasher.combine(autoVerify)
    }
}

/// API 35's `<uri-relative-filter-group>`: `<data>` rules on the path, query and fragment that
/// must all match; the first group of a filter that matches allows or blocks the URI
/// (Android's `UriRelativeFilterGroup` reference).
public struct UriRelativeFilterGroup: Sendable, Hashable {
    /// `android:allow` (default `true`): whether a URI this group matches is accepted.
    public var allow: Bool
    /// The group's rules, all of which must match.
    public var filters: [UriRelativeFilter]

    /// Creates a group.
    public init(allow: Bool = true, filters: [UriRelativeFilter]) {
        self.allow = allow
        self.filters = filters
    }
}

/// One rule of a ``UriRelativeFilterGroup``: a pattern on one part of the URI.
public struct UriRelativeFilter: Sendable, Hashable {
    /// The part of the URI a rule reads.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        /// The path (`android:path…`).
        case path
        /// One query parameter, `name=value` (`android:query…`).
        case query
        /// The fragment (`android:fragment…`).
        case fragment
    }

    /// Which part it reads.
    public var part: Part
    /// The pattern.
    public var pattern: AndroidPattern

    /// Creates a rule.
    public init(part: Part, pattern: AndroidPattern) {
        self.part = part
        self.pattern = pattern
    }
}

/// A component of a manifest (an `<activity>`, `<activity-alias>`, `<service>`, `<receiver>`) and
/// its intent filters, or the filters of a fragment that names no component.
public struct ManifestComponent: Sendable, Hashable {
    /// The element's name, such as `activity`; `nil` for filters read outside any component.
    public var kind: String?
    /// `android:name`, such as `.MainActivity`; `nil` when absent.
    public var name: String?
    /// The component's filters, in file order.
    public var filters: [IntentFilter]

    /// Creates a component.
    public init(kind: String? = nil, name: String? = nil, filters: [IntentFilter]) {
        self.kind = kind
        self.name = name
        self.filters = filters
    }
}

/// An `AndroidManifest.xml` (or a fragment of `<intent-filter>` elements), reduced to what URL
/// matching reads: the components and their intent filters.
public struct AndroidManifest: Sendable, Hashable {
    /// The `<manifest package>` attribute, when present.
    public var package: String?
    /// The components that declare intent filters, in file order.
    public var components: [ManifestComponent]

    /// Creates a manifest.
    public init(package: String? = nil, components: [ManifestComponent]) {
        self.package = package
        self.components = components
    }
}
