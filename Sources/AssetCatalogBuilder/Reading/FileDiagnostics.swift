import AssetCatalog

/// Turns what inspecting a file found into diagnostics: the content decides, the extension is checked against it.
enum FileDiagnostics {
    /// The content type an extension promises, or `nil` when it promises none the reader knows.
    static func expectedContentType(forExtension ext: String) -> ContentType? {
        ContentType(fileExtension: ext)
    }

    /// How people call a content type: "a WebP image".
    static func describe(_ type: ContentType) -> String {
        switch type {
        case .png: return "a PNG image"
        case .jpeg: return "a JPEG image"
        case .pdf: return "a PDF document"
        case .svg: return "an SVG document"
        case .heif: return "a HEIF image"
        case .webp: return "a WebP image"
        case .psd: return "a Photoshop document"
        case .gif: return "a GIF image"
        case .tiff: return "a TIFF image"
        case .gitLFSPointer: return "a Git LFS pointer"
        case .unknown: return "of no known image format"
        }
    }

    /// The short name of a format: "PNG".
    static func formatName(_ type: ContentType) -> String {
        switch type {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .pdf: return "PDF"
        case .svg: return "SVG"
        case .heif: return "HEIF"
        case .webp: return "WebP"
        case .psd: return "Photoshop"
        case .gif: return "GIF"
        case .tiff: return "TIFF"
        case .gitLFSPointer: return "Git LFS pointer"
        case .unknown: return "unknown"
        }
    }

    /// Emits the diagnostics for one inspected file at `path` (relative to the catalog root).
    static func diagnose(_ outcome: FileInspector.Outcome, path: String, kind: AssetKind, sink: inout DiagnosticSink) {
        let inspection = outcome.inspection
        if outcome.problemKind == .unreadable {
            sink.emit(.unreadablePath, at: path, inspection.problem ?? "cannot be read")
            return
        }
        if inspection.byteCount == 0 {
            sink.emit(.corruptImage, at: path, "is empty (0 bytes)")
            return
        }
        let actual = inspection.contentType
        if actual == .gitLFSPointer {
            sink.emit(
                .lfsPointer, at: path,
                "is a Git LFS pointer (\(inspection.byteCount) bytes of text), not the file itself; fetch it with 'git lfs pull'")
            return
        }
        let ext = PlainFileName.fileExtension(of: path) ?? ""
        if let expected = expectedContentType(forExtension: ext) {
            if actual != expected {
                sink.emit(
                    .wrongContentType, at: path,
                    "is \(describe(actual)), not \(formatName(expected)) as its extension .\(ext) says")
            }
        } else if actual == .unknown, kind == .image || kind == .appIcon {
            sink.emit(
                .wrongContentType, at: path,
                "is not a recognised image format (PNG, JPEG, PDF, SVG, HEIF, WebP, GIF, TIFF)", severity: .warning)
        }
        if let png = inspection.png, png.hasICCPChunk, png.iccProfile == nil, outcome.problemKind == nil {
            sink.emit(
                .corruptImage, at: path,
                "has an iCCP chunk (colour profile) that cannot be read: its compression method is not 0 (deflate) or the profile does not inflate; the profile is ignored and the image treated as untagged",
                severity: .warning)
        }
        switch outcome.problemKind {
        case .corrupt?:
            sink.emit(.corruptImage, at: path, "cannot be decoded: \(inspection.problem ?? "damaged \(formatName(actual))")")
        case .tooLarge?:
            sink.emit(.imageTooLarge, at: path, inspection.problem ?? "is too large")
        case .unreadable?, nil:
            break
        }
    }
}
