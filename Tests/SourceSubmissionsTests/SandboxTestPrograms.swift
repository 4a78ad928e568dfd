import Checksum
import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - Small programs compiled in the tests, run in the sandbox

/// One C program with a behaviour per first argument, compiled once with `gcc` into a temporary folder.
enum SandboxTestPrograms {
    static let probeSource = """
        #include <arpa/inet.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <netinet/in.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <signal.h>
        #include <sys/socket.h>
        #include <sys/wait.h>
        #include <unistd.h>

        /* Prints a file's bytes between two markers (the uid map, /proc/self/status). */
        static void show(const char *path) {
            char text[8192];
            int fd = open(path, O_RDONLY);
            ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof text - 1);
            printf("%s:\\n%.*s", path, n < 0 ? 0 : (int)n, text);
            if (fd >= 0) close(fd);
        }

        /* Touches 1 MiB blocks until an allocation fails; returns the MiB held (and keeps them). */
        static long hold_memory(void) {
            long mib = 0;
            for (;;) {
                char *p = malloc(1 << 20);
                if (!p) return mib;
                memset(p, 1, 1 << 20);
                mib++;
            }
        }

        int main(int argc, char **argv) {
            const char *mode = argc > 1 ? argv[1] : "echo";
            if (!strcmp(mode, "echo")) {
                static char buffer[65536];
                ssize_t n;
                while ((n = read(0, buffer, sizeof buffer)) > 0) {
                    ssize_t off = 0;
                    while (off < n) { ssize_t w = write(1, buffer + off, n - off); if (w <= 0) return 2; off += w; }
                }
                return 0;
            }
            if (!strcmp(mode, "exit")) return atoi(argv[2]);
            if (!strcmp(mode, "segv")) { volatile int *p = 0; *p = 1; return 0; }
            if (!strcmp(mode, "spin")) { volatile unsigned long x = 0; for (;;) x++; }
            if (!strcmp(mode, "sleep")) { for (;;) sleep(1); }
            if (!strcmp(mode, "alloc")) {
                for (;;) {
                    char *p = malloc(1 << 20);
                    if (!p) { fprintf(stderr, "probe: out of memory\\n"); abort(); }
                    memset(p, 1, 1 << 20);
                }
            }
            if (!strcmp(mode, "flood")) { static char line[4096]; memset(line, 'x', sizeof line); for (;;) write(1, line, sizeof line); }
            if (!strcmp(mode, "read")) {
                int fd = open(argv[2], O_RDONLY);
                char c;
                if (fd < 0 || read(fd, &c, 1) < 0) { printf("read-failed %s\\n", strerror(errno)); return 0; }
                printf("read-ok\\n");
                return 0;
            }
            if (!strcmp(mode, "write")) {
                int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
                if (fd < 0 || write(fd, "x", 1) != 1) { printf("write-failed %s\\n", strerror(errno)); return 0; }
                close(fd);
                printf("write-ok\\n");
                return 0;
            }
            if (!strcmp(mode, "connect")) {
                int s = socket(AF_INET, SOCK_STREAM, 0);
                struct sockaddr_in a;
                memset(&a, 0, sizeof a);
                a.sin_family = AF_INET;
                a.sin_port = htons(atoi(argv[3]));
                inet_pton(AF_INET, argv[2], &a.sin_addr);
                if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a) != 0) { printf("connect-failed %s\\n", strerror(errno)); return 0; }
                printf("connect-ok\\n");
                return 0;
            }
            if (!strcmp(mode, "identity")) {
                /* Who it is, and a file in the scratch folder whose owner the test reads on the host. */
                show("/proc/self/uid_map");
                show("/proc/self/gid_map");
                show("/proc/self/status");
                int fd = open("owned-by-sandbox", O_WRONLY | O_CREAT | O_TRUNC, 0644);
                printf("created=%s\\n", fd < 0 ? strerror(errno) : "yes");
                return 0;
            }
            if (!strcmp(mode, "open-write")) {
                /* Each path opened for writing (nothing written): "path: ok" or "path: <why not>". */
                for (int i = 2; i < argc; i++) {
                    int fd = open(argv[i], O_WRONLY);
                    printf("%s: %s\\n", argv[i], fd < 0 ? strerror(errno) : "ok");
                    if (fd >= 0) close(fd);
                }
                return 0;
            }
            if (!strcmp(mode, "forkbomb")) {
                /* Children that wait, until fork fails (at most 10000); then all are killed. */
                static pid_t children[10000];
                int n = 0;
                int why = 0;
                while (n < 10000) {
                    pid_t child = fork();
                    if (child == 0) { pause(); _exit(0); }
                    if (child < 0) { why = errno; break; }
                    children[n++] = child;
                }
                printf("children=%d fork=%s\\n", n, why ? strerror(why) : "never failed");
                fflush(stdout);
                sleep(1); /* held a second, so runs started together overlap */
                for (int i = 0; i < n; i++) kill(children[i], SIGKILL);
                for (int i = 0; i < n; i++) waitpid(children[i], 0, 0);
                return 0;
            }
            if (!strcmp(mode, "team-memory")) {
                /* argv[2] children (as many as fork gives) and this process each hold all the memory they can;
                   each child reports its MiB over a pipe and waits until every one has, so all is held at once. */
                int wanted = atoi(argv[2]);
                int report[2], release[2];
                if (pipe(report) || pipe(release)) return 3;
                int started = 0;
                pid_t children[64];
                for (int i = 0; i < wanted && i < 64; i++) {
                    pid_t child = fork();
                    if (child < 0) break;
                    if (child == 0) {
                        close(release[1]);
                        long mib = hold_memory();
                        write(report[1], &mib, sizeof mib);
                        char c;
                        read(release[0], &c, 1);
                        _exit(0);
                    }
                    children[started++] = child;
                }
                close(release[0]);
                close(report[1]);
                long total = hold_memory();
                printf("process 0: %ld MiB\\n", total);
                for (int i = 0; i < started; i++) {
                    long mib = 0;
                    if (read(report[0], &mib, sizeof mib) != sizeof mib) return 4;
                    printf("child: %ld MiB\\n", mib);
                    total += mib;
                }
                printf("processes=%d total=%ld MiB\\n", started + 1, total);
                fflush(stdout);
                close(release[1]);
                for (int i = 0; i < started; i++) waitpid(children[i], 0, 0);
                return 0;
            }
            if (!strcmp(mode, "touch")) {
                /* argv[2] children each allocate argv[3] MiB and touch every page, say so over a pipe, hold it
                   5 s, and exit; then how many there were, how many held it and how many SIGKILL ended. */
                int wanted = atoi(argv[2]);
                long bytes = atol(argv[3]) << 20;
                int report[2];
                if (pipe(report)) return 3;
                pid_t children[64];
                int n = 0;
                for (int i = 0; i < wanted && i < 64; i++) {
                    pid_t child = fork();
                    if (child < 0) break;
                    if (child == 0) {
                        close(report[0]);
                        char *block = malloc(bytes);
                        if (!block) _exit(2);
                        for (long at = 0; at < bytes; at += 4096) block[at] = 1;
                        char done = 'x';
                        if (write(report[1], &done, 1) != 1) _exit(3);
                        sleep(5);
                        _exit(0);
                    }
                    children[n++] = child;
                }
                close(report[1]);
                int held = 0;
                char done;
                while (read(report[0], &done, 1) == 1) held++;
                int killed = 0;
                for (int i = 0; i < n; i++) {
                    int status = 0;
                    waitpid(children[i], &status, 0);
                    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) killed++;
                }
                printf("children=%d held=%d killed=%d\\n", n, held, killed);
                return 0;
            }
            fprintf(stderr, "probe: unknown mode %s\\n", mode);
            return 64;
        }
        """

    /// The compiled probe, or nil when `gcc` is missing or fails (the tests then skip with a message).
    static let probe: URL? = {
        guard let gcc = Sandbox.findTool("gcc") else { return nil }
        return compiled(probeSource, name: "probe.c", label: "programs") { source, executable in
            (URL(fileURLWithPath: gcc), ["-O1", "-o", executable.path, source.path])
        }
    }()

    /// Compiles `text` once per content and compiler: into `<tmp>/sensorbench-sandbox-<label>-<hash>/program`, built in a
    /// folder of its own and renamed into place (so test runs at once do not collide, and runs do not pile up).
    static func compiled(
        _ text: String, name: String, label: String, command: (_ source: URL, _ executable: URL) -> (URL, [String])
    ) -> URL? {
        // The compiler's path and date are in the key too, so a new toolchain builds afresh.
        let placeholder = URL(fileURLWithPath: "/")
        let tool = command(placeholder, placeholder).0.resolvingSymlinksInPath()
        let toolDate = (try? FileManager.default.attributesOfItem(atPath: tool.path))?[.modificationDate]
        var hasher = SHA256()
        hasher.update(field: label)
        hasher.update(field: tool.path + " " + String(describing: toolDate))
        hasher.update(field: text)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sensorbench-sandbox-\(label)-\(hasher.hexDigest.prefix(16))")
        let executable = folder.appendingPathComponent("program")
        if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
        let building = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sensorbench-sandbox-building-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: building) }
        do {
            try FileManager.default.createDirectory(at: building, withIntermediateDirectories: true)
            let source = building.appendingPathComponent(name)
            try Data(text.utf8).write(to: source)
            let (tool, arguments) = command(source, building.appendingPathComponent("program"))
            let run = try ToolRun.run(tool, arguments, scratch: building, timeoutSeconds: 300)
            guard run.succeeded else { return nil }
            try? FileManager.default.moveItem(at: building, to: folder)
        } catch {
            return nil
        }
        return FileManager.default.isExecutableFile(atPath: executable.path) ? executable : nil
    }

    /// A Swift program linked against the toolchain's shared runtime (as harnesses are): echoes its input lines
    /// (`echo`), allocates without end (`allocate`), or stops on `fatalError` (`fatal`).
    static let swiftSource = """
        let mode = CommandLine.arguments.dropFirst().first ?? "echo"
        switch mode {
        case "allocate":
            var chunks: [[UInt8]] = []
            while true { chunks.append([UInt8](repeating: 1, count: 1 << 20)) }
        case "fatal":
            fatalError("team code gave up")
        default:
            while let line = readLine() { print("swift:", line) }
        }
        """

    /// The compiled Swift program, or nil when `swiftc` is missing or fails.
    static let swiftProgram: URL? = {
        guard let swiftc = SubmissionCompiler.swiftcOnPath() else { return nil }
        return compiled(swiftSource, name: "main.swift", label: "swift") { source, executable in
            (swiftc, ["-Onone", "-o", executable.path, source.path])
        }
    }()

    /// The sandbox this machine gives, or nil when neither bubblewrap nor unshare works.
    static let sandbox: Sandbox? = try? Sandbox.detect()

    /// A compiler of the repository's DetectionCore and SensorShims (`-O`, the Apple-framework aliases) with the
    /// tests' shared cache in the temporary folder.
    static func compiler(root: URL) throws -> SubmissionCompiler {
        SubmissionCompiler(
            swiftc: try #require(SubmissionCompiler.swiftcOnPath()),
            libraries: [
                .init(name: "DetectionCore", sourceFolder: root.appendingPathComponent("Sources/DetectionCore")),
                .init(name: "SensorShims", sourceFolder: root.appendingPathComponent("Sources/SensorShims")),
            ],
            aliases: SubmissionCompiler.ModuleAlias.appleFrameworks(reexporting: "SensorShims"),
            cacheFolder: FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-test-harness-cache"),
            optimize: true)
    }

    /// The namespace fallback, when it works here.
    static let namespaces: Sandbox? = try? Sandbox.probe(.namespaces).get()

    /// Whether the sandbox tests can run: a C compiler and a working sandbox.
    static var available: Bool { probe != nil && sandbox != nil }

    /// A fresh scratch folder and, beside it (outside it), a folder the program must not write into.
    static func folders() throws -> (root: URL, scratch: URL, outside: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sensorbench-sandbox-test-\(UInt64.random(in: 0...UInt64.max))")
        let scratch = root.appendingPathComponent("scratch")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return (root, scratch, outside)
    }
}
