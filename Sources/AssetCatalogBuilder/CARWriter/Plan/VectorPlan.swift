import AssetCatalog

extension CARCompiler {
    /// The renditions of one vector entry (PDF, SVG) of an image set, as Xcode makes them: a bitmap for every
    /// scale the deployment needs, drawn at the size the vector declares, and the vector itself only when the
    /// set asks for it to be kept (`preserves-vector-representation`). An entry that names its scale is drawn at
    /// that scale alone, and so is every entry of a compile thinned for one device (``CompileOptions/deviceScale``).
    /// Each bitmap is named after the vector's file, as Xcode names them.
    func vectorJobs(_ job: Job) -> [Job] {
        var result: [Job] = []
        let scales =
            job.traits.displayScale.map { [$0.value] } ?? options.deviceScale.map { [$0] }
            ?? Self.vectorScales(job.traits.idiom, platform: options.platform)
        for scale in scales {
            var drawn = job
            drawn.traits.displayScale = DisplayScale(scale)
            drawn.rasterScale = scale
            result.append(drawn)
        }
        // The vector is kept under scale 0 (as Xcode stores it beside its bitmaps: Flex, Xcode for iOS); an entry
        // with a scale of its own has its bitmap under that key.
        if job.properties.preservesVectorRepresentation == true && job.traits.displayScale == nil { result.append(job) }
        return result
    }

    /// The scales a vector entry without a scale is drawn at: the scales the devices of its idiom on the
    /// platform have (iPhone 1x-3x as the issue and Xcode's iOS output have it; iPad, Mac and TV 1x and 2x;
    /// Watch and Vision 2x). A universal entry takes the platform's set.
    static func vectorScales(_ idiom: Idiom?, platform: CompilePlatform) -> [Int] {
        switch idiom {
        case .phone?, .car?: return [1, 2, 3]
        case .pad?, .mac?, .tv?: return [1, 2]
        case .watch?, .vision?: return [2]
        case nil:
            switch platform {
            case .iphoneos, .iphonesimulator: return [1, 2, 3]
            case .macosx, .appletvos, .appletvsimulator: return [1, 2]
            case .watchos, .watchsimulator, .xros, .xrsimulator: return [2]
            }
        }
    }
}
