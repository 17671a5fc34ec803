import AssetCatalog

/// Name lookups on opened `Assets.car` files: `renditionIndex(named:compatibleWith:)` for facet names drawn
/// at random from every file, against a `Dictionary<String, Int>` per file holding the same names.
func runLookupBenchmark(_ arguments: [String]) {
    let paths = arguments.filter { $0.hasSuffix(".car") }
    var files: [CARFile] = []
    for path in paths {
        do { files.append(try CARFile(path: path)) } catch { print("cannot open \(path): \(error)") }
    }
    let facets = files.enumerated().flatMap { file in file.element.facets.map { (file.offset, $0.name) } }
    guard !facets.isEmpty else {
        print("no facets to look up")
        return
    }
    let perThread = 500_000
    var state: UInt64 = 7
    func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
    let sequence = (0..<perThread).map { _ in next() % facets.count }
    let threads = LookupScaling.coreCount
    let copies = LookupScaling.perThreadCopies(facets.map(\.1), threads: threads)
    let names = copies.map { copy in sequence.map { copy[$0] } }
    let fileOf = sequence.map { facets[$0].0 }
    // Each thread gets dictionaries of its own, and reaches the files without retaining them: a dictionary or a
    // file read out of a shared array is retained and released around each use, one atomic write to the same
    // object from every thread, which would be the harness's shared write, not the lookup's.
    func makeTables() -> [[String: Int]] {
        var dictionaries = [[String: Int]](repeating: [:], count: files.count)
        for (index, facet) in facets.enumerated() where dictionaries[facet.0][facet.1] == nil { dictionaries[facet.0][facet.1] = index }
        return dictionaries
    }
    let tables = (0..<threads).map { _ in makeTables() }
    let opened = files.map { Unmanaged.passUnretained($0) }
    let requests = DevicePreset.all.map { Resolver().compile($0.traits) }
    print(
        "  \(files.count) files, \(facets.count) facets, \(files.reduce(0) { $0 + $1.renditions.count }) renditions; "
            + "\(perThread) lookups per thread, 1...\(threads) threads, median of \(LookupScaling.rounds) interleaved rounds")
    LookupScaling.report(
        "CARFile.renditionIndex(named:compatibleWith:)", perThread: perThread, costTarget: 2,
        dictionary: { thread in
            names[thread].withUnsafeBufferPointer { names in
                tables[thread].withUnsafeBufferPointer { tables in
                    var checksum = 0
                    for index in names.indices { checksum &+= tables[fileOf[index]][names[index]] ?? 0 }
                    return checksum
                }
            }
        },
        lookup: { thread in
            names[thread].withUnsafeBufferPointer { names in
                var checksum = 0
                var request = requests[0]
                for index in names.indices {
                    // A request per block of 256 lookups (apps keep one while the traits stay the same).
                    if index & 255 == 0 { request = requests[(index >> 8 &+ thread) % requests.count] }
                    checksum &+= opened[fileOf[index]]._withUnsafeGuaranteedRef {
                        $0.renditionIndex(named: names[index], compatibleWith: request) ?? 0
                    }
                }
                return checksum
            }
        })
    withExtendedLifetime(files) {}
}
