extension AssetArchive {
    /// The image that best suits `traits`, named by a generated accessor (`.onboarding.hero`).
    ///
    /// The same lookup as ``image(named:compatibleWith:resolver:)``, at the same cost.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func image(_ image: ImageName, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        throws(ArchiveError) -> ImageVariant?
    {
        try self.image(named: image.name, compatibleWith: traits, resolver: resolver)
    }

    /// The image that best suits a prepared request, named by a generated accessor.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func image(_ image: ImageName, compatibleWith request: CompiledRequest) throws(ArchiveError) -> ImageVariant? {
        try self.image(named: image.name, compatibleWith: request)
    }

    /// The colour that best suits `traits`, named by a generated accessor (`.accent`).
    /// - Throws: ``ArchiveError`` when the records are damaged.
    public func color(_ color: ColorName, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        throws(ArchiveError) -> ColorValue?
    {
        try self.color(named: color.name, compatibleWith: traits, resolver: resolver)
    }

    /// The colour that best suits a prepared request, named by a generated accessor.
    /// - Throws: ``ArchiveError`` when the records are damaged.
    public func color(_ color: ColorName, compatibleWith request: CompiledRequest) throws(ArchiveError) -> ColorValue? {
        try self.color(named: color.name, compatibleWith: request)
    }

    /// The data set's file that best suits `traits`, named by a generated accessor.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func data(
        _ data: DataName, compatibleWith traits: TraitCollection = TraitCollection(), resolver: Resolver = Resolver()
    ) throws(ArchiveError) -> DataVariant? {
        try self.data(named: data.name, compatibleWith: traits, resolver: resolver)
    }

    /// The data set's file that best suits a prepared request, named by a generated accessor.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func data(_ data: DataName, compatibleWith request: CompiledRequest) throws(ArchiveError) -> DataVariant? {
        try self.data(named: data.name, compatibleWith: request)
    }
}
