import Foundation

/// The reference LZFSE decoder (the `lzfse` package on PyPI, which wraps Apple's C implementation), run through
/// python3. Installed with pip when missing; tests that need it skip when that fails.
enum ReferenceLZFSE {
    /// Whether `import lzfse` works (after one `pip install` attempt).
    static func isAvailable() -> Bool {
        if CARCompilerTests.run(["python3", "-c", "import lzfse"]) == 0 { return true }
        _ = CARCompilerTests.run(["python3", "-m", "pip", "install", "--quiet", "lzfse"])
        return CARCompilerTests.run(["python3", "-c", "import lzfse"]) == 0
    }

    /// Whether the reference decodes `<i>.lzfse` to exactly the bytes of `<i>.raw` for every `i` below `count` in
    /// `folder`.
    static func decodesEqual(folder: URL, count: Int) -> Bool {
        let script = """
            import lzfse, sys, os
            d = sys.argv[1]
            failed = []
            for i in range(int(sys.argv[2])):
                data = open(os.path.join(d, f"{i}.lzfse"), "rb").read()
                raw = open(os.path.join(d, f"{i}.raw"), "rb").read()
                try:
                    out = lzfse.decompress(data)
                except lzfse.error:
                    failed.append(f"stream {i} ({len(raw)} bytes): the reference refused it")
                    continue
                if out != raw: failed.append(f"stream {i}: the reference decoded {len(out)} bytes that differ from the {len(raw)} encoded")
            if failed: sys.exit("; ".join(failed))
            """
        return CARCompilerTests.run(["python3", "-c", script, folder.path, "\(count)"]) == 0
    }
}
