/// The attributes a rendition key is made of (CoreUI's theme attributes), by their numeric identifier.
///
/// The names and numbers are public facts from the open-source readers (facebook/xcbuild `libcar`,
/// Timac/CARParser). Identifiers not listed here are kept as ``unknown(_:)`` and shown by number.
public enum CARAttribute: Hashable, Sendable {
    /// Theme attributes 0–11 (`kCRTheme…` in CoreUI's naming): look, element, part, size, direction,
    /// placeholder, value, appearance, the two dimensions, state and layer.
    case look, element, part, size, direction, placeholder, value, appearance, dimension1, dimension2, state, layer
    /// Attributes 12–19: scale, localization, presentation state, idiom, subtype, the facet identifier, and
    /// the previous value and state of a transition.
    case scale, localization, presentationState, idiom, subtype, identifier, previousValue, previousState
    /// Attributes 20–25: the size classes, memory and graphics class, display gamut and deployment target.
    case horizontalSizeClass, verticalSizeClass, memoryClass, graphicsClass, displayGamut, deploymentTarget
    /// Attributes 26–27: a symbol's weight and size.
    case glyphWeight, glyphSize
    /// An identifier this reader does not know.
    case unknown(UInt32)

    /// The attribute for an identifier.
    public init(identifier: UInt32) {
        let known: [CARAttribute] = [
            .look, .element, .part, .size, .direction, .placeholder, .value, .appearance, .dimension1, .dimension2,
            .state, .layer, .scale, .localization, .presentationState, .idiom, .subtype, .identifier, .previousValue,
            .previousState, .horizontalSizeClass, .verticalSizeClass, .memoryClass, .graphicsClass, .displayGamut,
            .deploymentTarget, .glyphWeight, .glyphSize,
        ]
        self = identifier < known.count ? known[Int(identifier)] : .unknown(identifier)
    }

    /// The numeric identifier.
    public var identifier: UInt32 {
        switch self {
        case .look: return 0
        case .element: return 1
        case .part: return 2
        case .size: return 3
        case .direction: return 4
        case .placeholder: return 5
        case .value: return 6
        case .appearance: return 7
        case .dimension1: return 8
        case .dimension2: return 9
        case .state: return 10
        case .layer: return 11
        case .scale: return 12
        case .localization: return 13
        case .presentationState: return 14
        case .idiom: return 15
        case .subtype: return 16
        case .identifier: return 17
        case .previousValue: return 18
        case .previousState: return 19
        case .horizontalSizeClass: return 20
        case .verticalSizeClass: return 21
        case .memoryClass: return 22
        case .graphicsClass: return 23
        case .displayGamut: return 24
        case .deploymentTarget: return 25
        case .glyphWeight: return 26
        case .glyphSize: return 27
        case .unknown(let number): return number
        }
    }

    /// A stable name for listings and JSON (`idiom`, `scale`, `attribute-31`, …).
    public var name: String {
        switch self {
        case .look: return "look"
        case .element: return "element"
        case .part: return "part"
        case .size: return "size"
        case .direction: return "direction"
        case .placeholder: return "placeholder"
        case .value: return "value"
        case .appearance: return "appearance"
        case .dimension1: return "dimension1"
        case .dimension2: return "dimension2"
        case .state: return "state"
        case .layer: return "layer"
        case .scale: return "scale"
        case .localization: return "localization"
        case .presentationState: return "presentation-state"
        case .idiom: return "idiom"
        case .subtype: return "subtype"
        case .identifier: return "identifier"
        case .previousValue: return "previous-value"
        case .previousState: return "previous-state"
        case .horizontalSizeClass: return "width-class"
        case .verticalSizeClass: return "height-class"
        case .memoryClass: return "memory"
        case .graphicsClass: return "graphics"
        case .displayGamut: return "gamut"
        case .deploymentTarget: return "deployment-target"
        case .glyphWeight: return "glyph-weight"
        case .glyphSize: return "glyph-size"
        case .unknown(let number): return "attribute-\(number)"
        }
    }
}

/// A rendition key or facet attribute list: attribute → value, in the order given by the file.
public struct CARKey: Hashable, Sendable {
    /// The attributes with their values, in key-format order.
    public var values: [(attribute: CARAttribute, value: UInt16)]

    /// Creates a key.
    public init(values: [(attribute: CARAttribute, value: UInt16)]) {
        self.values = values
    }

    /// The value of an attribute, or 0 (CoreUI's "any") when the key does not have it.
    public subscript(attribute: CARAttribute) -> UInt16 {
        values.first { $0.attribute == attribute }?.value ?? 0
    }

    public static func == (lhs: CARKey, rhs: CARKey) -> Bool {
        lhs.values.count == rhs.values.count
            && zip(lhs.values, rhs.values).allSatisfy { $0.attribute == $1.attribute && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (attribute, value) in values {
            hasher.combine(attribute)
            hasher.combine(value)
        }
    }
}

extension CARKey: CustomStringConvertible {
    /// The non-zero attributes as `name=value`, space-separated.
    public var description: String {
        values.filter { $0.value != 0 }.map { "\($0.attribute.name)=\($0.value)" }.joined(separator: " ")
    }
}
