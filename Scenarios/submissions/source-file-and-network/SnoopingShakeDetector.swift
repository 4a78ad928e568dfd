// HOSTILE EXAMPLE (file and network access). Apart from its snooping this is a good detector: raw accelerometer
// magnitude (gravity included) of at least 2.5 g on 3 readings within 2 s, then 1 s of quiet. When it is made,
// it tries to
// - read /etc/hostname, the rubric beside its own source file (`#filePath` is where the grader's checkout keeps
//   it: ../../rubrics/penn-dining.json), and its own source file;
// - write a file beside its source file (in the grader's checkout) and at the file system's root;
// - open TCP connections to the machine's 127.0.0.1 (ports 22, 80, 5432, 8080) and to 1.1.1.1:53 and
//   8.8.8.8:53.
// Each access that succeeds is written to standard error ("escaped: …"), and then the detector fires on every
// reading, so the grade shows it. The grader must give this team an ordinary run and grade (the sandbox refuses
// every one of these accesses: nothing on standard error, no file outside its scratch folder), exactly as if
// it had not tried.

import CoreMotion
import Foundation
import Glibc

/// The good detector, and what it tried.
final class SnoopingShakeDetector {
    private let thresholdG = 2.5
    private let requiredHits = 3
    private let window: TimeInterval = 2.0
    private let cooldown: TimeInterval = 1.0

    private var hitTimes: [TimeInterval] = []
    private var quietUntil: TimeInterval = -.infinity
    /// Whether any access outside the sandbox succeeded.
    private(set) var escaped = false

    init() {
        let here = "/" + #filePath.split(separator: "/").dropLast().joined(separator: "/")
        for path in ["/etc/hostname", here + "/../../rubrics/penn-dining.json", #filePath] where Self.canRead(path) {
            report("read \(path)")
        }
        for path in [here + "/escaped-from-sandbox.txt", "/escaped-from-sandbox.txt"] where Self.canWrite(path) {
            report("wrote \(path)")
        }
        let targets = [("127.0.0.1", 22), ("127.0.0.1", 80), ("127.0.0.1", 5432), ("127.0.0.1", 8080),
                       ("1.1.1.1", 53), ("8.8.8.8", 53)]
        for (address, port) in targets where Self.canConnect(address, port) {
            report("connected to \(address):\(port)")
        }
    }

    func handle(_ data: CMAccelerometerData) -> Bool {
        if escaped { return true }
        let a = data.acceleration
        // `.squareRoot()`, not `sqrt`: with Glibc imported, `sqrt` is ambiguous (Glibc's and the shims').
        let magnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
        guard data.timestamp >= quietUntil, magnitude >= thresholdG else { return false }
        hitTimes.append(data.timestamp)
        if hitTimes.count > requiredHits { hitTimes.removeFirst() }
        guard hitTimes.count == requiredHits, data.timestamp - hitTimes[0] <= window else { return false }
        hitTimes.removeAll()
        quietUntil = data.timestamp + cooldown
        return true
    }

    // MARK: - The snooping

    private func report(_ access: String) {
        escaped = true
        fputs("escaped: \(access)\n", stderr)
    }

    private static func canRead(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) >= 0
    }

    private static func canWrite(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var byte: UInt8 = 0x78
        return write(descriptor, &byte, 1) == 1
    }

    private static func canConnect(_ address: String, _ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, address, &target.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
