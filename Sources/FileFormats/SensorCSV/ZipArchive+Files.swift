// MARK: - Reading chosen files of a zip archive (a student's zipped Xcode project)

/// The files of a zip archive whose names a caller chooses, read in memory with ``ZipArchive``'s limits.
///
/// Nothing is written to disk here. Refused with one line naming the archive (and entry): everything
/// ``ZipArchive`` refuses (an archive over 64 MiB, an entry over 64 MiB or inflating past its size, more than
/// 10 000 entries, zip64, encryption, names that leave the archive), and a chosen entry that is a symbolic link
/// (a Unix mode `S_IFLNK` in its external attributes): a link's target is never followed or read.
package enum ZipFiles {
    /// One regular file of the archive.
    package struct File: Sendable, Equatable {
        /// The entry's name inside the archive (`/`-separated, relative).
        package let name: String
        package let bytes: [UInt8]
    }

    /// The regular files whose names `wanted` accepts, in the archive's order; folders are skipped.
    ///
    /// - Throws: ``InputError`` (66 for a missing archive, 65 for a damaged or refused one).
    package static func read(path: String, wanted: (String) -> Bool) throws(InputError) -> [File] {
        let archive = try ZipArchive(path: path)
        var files: [File] = []
        for entry in archive.entries where !entry.name.hasSuffix("/") && wanted(entry.name) {
            // The high 16 bits hold st_mode when the archive was made on Unix (APPNOTE §4.4.2: version made by).
            if (entry.externalAttributes >> 16) & 0o170000 == 0o120000 {
                throw InputError(
                    file: "\(path):\(entry.name)", problem: "is a symbolic link inside the archive; links are not followed")
            }
            files.append(File(name: entry.name, bytes: try archive.extract(entry)))
        }
        return files
    }

    /// Whether the file starts as a zip archive does.
    package static func looksLikeZip(path: String) -> Bool { ZipArchive.looksLikeZip(path: path) }
}
