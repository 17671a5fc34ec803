extension AssetMember {
    /// The asset property under which an archive keeps a container's members.
    static let archiveKey = "members"

    /// The members as one property value: one line per member (separated by U+001E), each the member's
    /// name then its attributes sorted by key as `key=value`, fields separated by U+001F. Names and
    /// values are catalog strings, which never hold these control characters (`docs/FORMAT.md`).
    static func archiveValue(_ members: [AssetMember]) -> String {
        members.map { member in
            ([member.name] + member.attributes.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                .map { "\($0.key)=\($0.value)" }).joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }

    /// The members stored by ``archiveValue(_:)``; an empty value is no members.
    static func members(archiveValue value: String) -> [AssetMember] {
        guard !value.isEmpty else { return [] }
        return value.split(separator: "\u{1E}", omittingEmptySubsequences: false).map { line in
            let fields = line.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            var attributes: [String: String] = [:]
            for field in fields.dropFirst() {
                guard let equals = field.firstIndex(of: "=") else { continue }
                attributes[String(field[..<equals])] = String(field[field.index(after: equals)...])
            }
            return AssetMember(name: fields.first.map(String.init) ?? "", attributes: attributes)
        }
    }
}
