extension CARCompiler {
    /// The stream stage's side of the compile cache: whether a value can be copied from the previous car, and the
    /// fingerprint and file digests a value made now carries into the record for the next compile.
    struct RenditionReuse: Sendable {
        let renditions: [RenditionFingerprint: StoredRendition]
        let files: [String: KnownFile]
        let roots: OpenCatalogRoots

        init(previous: PreviousCompile, roots: OpenCatalogRoots) {
            renditions = previous.renditions
            files = previous.files
            self.roots = roots
        }

        /// The paths of the files `job` reads, in the order it reads them, as the record names them
        /// (``PreviousCompile/files``): its own file under its catalog's path, or a stack's layer files as planned;
        /// `[]` for a job that reads no file (a colour, a bitmap the plan drew): such a job, and an atlas holding one, is
        /// made again each time.
        func paths(of job: Job) -> [String] {
            guard job.color == nil, job.drawn == nil else { return [] }
            if job.kind == .imageStack { return job.layerFiles }
            return job.source.map { [roots.filePath(job.sourceIndex, $0)] } ?? []
        }

        /// What is known of `paths`, all of them, or `nil`.
        private func known(_ paths: [String]) -> [(path: String, file: KnownFile)]? {
            var found: [(path: String, file: KnownFile)] = []
            for path in paths {
                guard let file = files[path] else { return nil }
                found.append((path, file))
            }
            return found
        }

        /// The job's value copied from the previous car, when its files are unchanged and the car holds it.
        func reused(_ job: Job, key: [UInt8]) -> BuiltValue? {
            let paths = paths(of: job)
            guard !paths.isEmpty, let found = known(paths),
                let fingerprint = CARCompiler.fingerprint(of: job, key: key, contentHashes: found.map(\.file.contentHash)),
                let place = renditions[fingerprint]
            else { return nil }
            return BuiltValue(reused: place, fingerprint: fingerprint, files: found)
        }

        /// `value`, made now from files whose digests are `hashes` (in the order of ``paths(of:)``), with its
        /// fingerprint and files for the record; unchanged when the job read other files than it lists.
        func recorded(_ value: BuiltValue, job: Job, key: [UInt8], hashes: [UInt64]) -> BuiltValue {
            let paths = paths(of: job)
            guard paths.count == hashes.count,
                let fingerprint = CARCompiler.fingerprint(of: job, key: key, contentHashes: hashes)
            else { return value }
            var value = value
            value.fingerprint = fingerprint
            value.files = zip(paths, hashes).map { ($0, KnownFile(contentHash: $1)) }
            return value
        }

        /// The atlas copied from the previous car, when every member's file is unchanged and the car holds it.
        func reused(_ atlas: PackedAtlas, key: [UInt8], jobs: [Job]) -> BuiltValue? {
            var found: [(path: String, file: KnownFile)] = []
            var members: [RenditionFingerprint?] = []
            found.reserveCapacity(atlas.members.count)
            members.reserveCapacity(atlas.members.count)
            // Each member's job lent from the array's storage: an array's element given to a function was copied, with
            // its strings and dictionaries, 30,000 times a rebuild.
            let complete = jobs.withUnsafeBufferPointer { jobs in
                for member in atlas.members {
                    guard let files = known(paths(of: jobs[member.job])), files.count == 1 else { return false }
                    found += files
                    members.append(CARCompiler.fingerprint(of: jobs[member.job], key: [], contentHashes: [files[0].file.contentHash]))
                }
                return true
            }
            guard complete else { return nil }
            guard let fingerprint = CARCompiler.fingerprint(of: atlas, key: key, members: members), let place = renditions[fingerprint]
            else { return nil }
            return BuiltValue(reused: place, fingerprint: fingerprint, files: found)
        }

        /// The atlas's `value`, drawn now from member files whose digests are `hashes` (one a member, in order), with
        /// its fingerprint and files for the record.
        func recorded(_ value: BuiltValue, atlas: PackedAtlas, key: [UInt8], jobs: [Job], hashes: [UInt64]) -> BuiltValue {
            guard hashes.count == atlas.members.count else { return value }
            var files: [(path: String, file: KnownFile)] = []
            var members: [RenditionFingerprint?] = []
            for (member, hash) in zip(atlas.members, hashes) {
                let job = jobs[member.job]
                let paths = paths(of: job)
                guard paths.count == 1 else { return value }
                files.append((paths[0], KnownFile(contentHash: hash)))
                members.append(CARCompiler.fingerprint(of: job, key: [], contentHashes: [hash]))
            }
            guard let fingerprint = CARCompiler.fingerprint(of: atlas, key: key, members: members) else { return value }
            var value = value
            value.fingerprint = fingerprint
            value.files = files
            return value
        }
    }
}
