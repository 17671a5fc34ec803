import AssetCatalog

extension ColorValue {
    /// The colour as a compiled catalog stores it: each component as a 32-bit float widened to a double, as Xcode
    /// writes them (sudoku's AccentColor), so a source colour compares equal to its compiled self.
    var asStoredInCAR: ColorValue {
        guard case .components(var components) = self else { return self }
        for path in [\ColorComponents.red, \.green, \.blue, \.alpha] { components[keyPath: path] = Double(Float(components[keyPath: path])) }
        return .components(components)
    }
}
