import Foundation
import MonteCarlo
import SensorSim
import Stats
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Streams a team cannot draw before its runs, and cannot read ahead of its answers

@Suite struct StreamSecretTests {
    static func rubric() throws -> (Rubric, URL) {
        let folder = try SourceFixture.folder(json: [:], sources: [:])
        return (try Rubric.load(path: folder.appendingPathComponent("rubric.json").path), folder)
    }

    /// Secret 0 leaves every seed as the rubric gives it (how `scripts/run` keeps the shipped reports); any other
    /// secret is XORed into every suite's seed, by hand: 11 ^ FNV … is whatever the rubric derived, so the test
    /// compares each mixed seed with the rubric's seed XOR the secret.
    @Test func secretIsXoredIntoEverySuiteSeed() throws {
        let (rubric, folder) = try Self.rubric()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zero = rubric.mixingStreams(secret: 0)
        #expect(zero.suites.map(\.seed) == rubric.suites.map(\.seed))
        #expect(zero.streamSecret == 0 && rubric.streamSecret == nil)
        let secret: UInt64 = 0xDEAD_BEEF_0123_4567
        let mixed = rubric.mixingStreams(secret: secret)
        #expect(mixed.suites.map(\.seed) == rubric.suites.map { $0.seed ^ secret })
        #expect(zip(mixed.suites, rubric.suites).allSatisfy { $0.seed != $1.seed })
    }

    @Test(arguments: [
        ("0", UInt64(0)), ("0x0", 0), ("deadbeef", 0xDEAD_BEEF), ("0XFFFFFFFFFFFFFFFF", .max), ("00000000000000ff", 255),
    ])
    func secretTextIsRead(_ text: String, _ value: UInt64) {
        #expect(Rubric.parseSecret(text) == value)
        #expect(Rubric.parseSecret(Rubric.secretText(value)) == value)
    }

    @Test(arguments: ["", "0x", "x12", "12g", "1 2", "-1", "0x10000000000000000", "+5"])
    func badSecretTextIsRefused(_ text: String) {
        #expect(Rubric.parseSecret(text) == nil)
    }

    @Test func secretTextHasSixteenDigits() {
        #expect(Rubric.secretText(0) == "0x0000000000000000")
        #expect(Rubric.secretText(0xABC) == "0x0000000000000abc")
    }

    /// Two fresh secrets differ (64 random bits: equal with probability 2⁻⁶⁴).
    @Test func freshSecretsDiffer() {
        #expect(Rubric.freshStreamSecret() != Rubric.freshStreamSecret())
    }

    /// A recorder team: it answers the shakes suite with what it recorded under secret A (a firing in the middle
    /// of every deliberate shake of A's timelines, so under A it is perfect). Graded under A its recall is 1; under
    /// a fresh secret B the same answers belong to other timelines and recall falls: 12 firings spread over 2 × 3
    /// minutes hit one of B's 12 shakes (a few seconds each, plus the 0.5 s tolerance) only by chance, about one
    /// in eight (12 × ~4 s ÷ 360 s), so at most half of B's shakes are found. Its report is its own outcome: no
    /// other team's grade changes (the JSON team's tallies are those of a grade without the recorder).
    @Test func recordedAnswersAreWrongUnderAFreshSecret() throws {
        let folder = try SourceFixture.folder(
            json: [
                "json-raw.json": SourceFixture.jsonRawTeam
            ],
            sources: [
                "recorder": (
                    """
                    {"team": "recorder", "gesture": "shake", "source": {"shakeDetector": "Replay"},
                     "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
                    """, ["Replay.swift": "struct Replay {}\n"]
                )
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(
            rubric, files: ["json-raw.json", "recorder"].map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty)
        let s = try #require(rubric.suites.firstIndex { $0.id == "shakes" })
        let recall = try #require(rubric.criteria.firstIndex { $0.id == "recall" })
        let secretA: UInt64 = 0x0123_4567_89AB_CDEF
        let secretB: UInt64 = 0x0F1E_2D3C_4B5A_6978

        // What the recorder saw under A: the middle of every shake of each timeline, in seconds.
        let underA = rubric.mixingStreams(secret: secretA)
        guard case .shakeTimelines(let t) = underA.suites[s].body else {
            Issue.record("the shakes suite is not a shake suite")
            return
        }
        var recorded = SourceAnswers(isolation: "test")
        for k in 0..<t.timelines {
            let timeline = MotionTimelineGenerator.generate(
                t.parameters, stream: try RandomStream(seed: TrialSeed(scenarioSeed: underA.suites[s].seed, trialIndex: UInt64(k))))
            let fs = timeline.sensor.sampleRateHz
            recorded.times[s, default: []].append(
                timeline.shakes.map { Double($0.startSample + $0.sampleCount / 2) / fs })
        }
        #expect(recorded.times[s]?.joined().count == 12)

        func grades(_ r: Rubric, withRecorder: Bool) throws -> [TeamGrade] {
            var plan = GradingPlan(r, withRecorder ? subs : [subs[0]])
            plan.sourceAnswers = withRecorder ? [nil, recorded] : [nil]
            return try Grader.score(plan, try GradingEngine.evaluation(plan, runner: MonteCarloRunner(jobs: 2)))
        }
        let a = try grades(underA, withRecorder: true)
        let underB = rubric.mixingStreams(secret: secretB)
        let b = try grades(underB, withRecorder: true)
        #expect(a[1].results[recall].value == 1)
        let replayed = try #require(b[1].results[recall].value)
        #expect(replayed <= 0.5, "recall \(replayed) under a fresh secret")
        // The JSON team is graded as without the recorder.
        let alone = try grades(underB, withRecorder: false)
        #expect(b[0].outcomes == alone[0].outcomes)
    }
}

// MARK: - Feeding one piece at a time

/// ``SpawnedProcess`` with ``InputPacing``: a program that reads ahead gets only the first piece, and one that
/// answers each piece gets the next.
@Suite struct InputPacingTests {
    /// A reader ahead: `cat` for one second, then the byte count. Only piece 0 ("AAA", 3 bytes) was written,
    /// because nothing answered it; without pacing all 9 bytes arrive.
    @Test func aReaderAheadGetsOnlyTheFirstPiece() throws {
        let input = Array("AAABBBCCC".utf8)
        let never = InputPacing(pieceStarts: [3, 6]) { _ in 0 }
        let reader = ["/bin/sh", "-c", "timeout 1 cat | wc -c"]
        let paced = try SpawnedProcess.run(
            reader, environment: ["PATH=/usr/bin:/bin"], input: input, pacing: never, outputLimit: 1 << 10,
            errorLimit: 1 << 10, wallSeconds: 30)
        #expect(String(decoding: paced.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        let whole = try SpawnedProcess.run(
            reader, environment: ["PATH=/usr/bin:/bin"], input: input, outputLimit: 1 << 10, errorLimit: 1 << 10,
            wallSeconds: 30)
        #expect(String(decoding: whole.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "9")
    }

    /// An answering program: `cat` echoes each line, so the output holds one newline per answered piece and every
    /// piece goes out, in order.
    @Test func anAnsweringProgramGetsEveryPiece() throws {
        let input = Array("a\nb\nc\n".utf8)
        let lines = InputPacing(pieceStarts: [2, 4]) { out in out.filter { $0 == 10 }.count }
        let run = try SpawnedProcess.run(
            ["/bin/cat"], environment: ["PATH=/usr/bin:/bin"], input: input, pacing: lines, outputLimit: 1 << 10,
            errorLimit: 1 << 10, wallSeconds: 30)
        #expect(run.output == input)
        #expect(run.termination == .exited(0))
    }

    /// The harness answer scanner counts whole stream answers in a growing answer: header, an acceleration answer
    /// with 2 firings (1 + 1 + 4 + 8 bytes), a touch answer with none (1 + 4), a location answer with one event
    /// (1 + 4 + 9).
    @Test func answerScannerCountsWholeAnswers() {
        var answer = Array("SBHA".utf8)
        answer.append(u32: 2)
        let afterHeader = answer.count
        answer += [0x11, 0]
        answer.append(u32: 2)
        answer.append(u32: 5)
        answer.append(u32: 9)
        let afterFirst = answer.count
        answer += [0x21]
        answer.append(u32: 0)
        let afterSecond = answer.count
        answer += [0x31]
        answer.append(u32: 1)
        answer.append(u32: 3)
        answer.append(u32: 0)
        answer.append(1)
        let shapes: [HarnessStreamShape] = [.acceleration(samples: 10), .touch(points: 4), .location(places: 1, fixes: 5)]
        let expected = [(afterHeader, 0), (afterFirst - 1, 0), (afterFirst, 1), (afterSecond, 2), (answer.count - 1, 2), (answer.count, 3)]
        let scanner = AnswerScanner(streams: shapes)
        for (length, count) in expected {
            #expect(scanner.answered(Array(answer.prefix(length))) == count, "\(length) bytes")
        }
        // A wrong tag stops the count where it stands.
        let wrong = AnswerScanner(streams: [.touch(points: 4)])
        #expect(wrong.answered(Array(answer.prefix(afterFirst))) == 0)
        // The request marks where each stream and the end marker start.
        var request = HarnessRequest()
        request.addTouch([[(0, 1, 1)]])
        request.addTouch([])
        request.finish()
        #expect(request.streamStarts == [8, 8 + 1 + 4 + 25 + 1])
        #expect(request.pacing.pieceStarts == [8 + 1 + 4 + 25 + 1, request.bytes.count - 1])
        // With no stream the whole request is one piece (the end marker answers nothing).
        var empty = HarnessRequest()
        empty.finish()
        #expect(empty.pacing.pieceStarts.isEmpty)
    }
}
