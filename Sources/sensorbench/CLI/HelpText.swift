import Grading
import Studies

/// `--help` texts, in the argument-parser layout: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
package enum HelpText {
    package static func usageLine(_ topic: String?) -> String {
        switch topic {
        case "run":
            return "sensorbench run <file>... [--out <dir>] [--trials <n>] [--seed <s>] [--jobs <n>] [--shard <k>/<n>|slurm] [--quiet]"
        case "merge": return "sensorbench merge <part>... [--out <dir>]"
        case "validate": return "sensorbench validate <file>..."
        case "list": return "sensorbench list"
        case "bench": return "sensorbench bench [--trials <n>] [--jobs <n>] [--quick]"
        case "distance": return "sensorbench distance <lat,lon> <lat,lon>"
        case "gpx": return "sensorbench gpx export <scenario> --out <file>"
        case "help": return "sensorbench help [<subcommand>]"
        case "allan": return "sensorbench allan <file> [--axis x|y|z|all] [--out <dir>] [--unit rad/s|deg/s]"
        case "calibrate": return "sensorbench calibrate <file> --out <profile>.json [--axis x|y|z] [--unit rad/s|deg/s]"
        case "grade":
            return "sensorbench grade --rubric <file> <submission>... [--out <dir>] [--jobs <n>] [--shard <k>/<n>|slurm] [--quiet]"
        case "walks":
            return
                "sensorbench walks <log.json> [--profile <name>] [--out <dir>] [--trials <n>] [--seed <s>] [--walk straight|loop] [--jobs <n>]"
        case "replay": return "sensorbench replay <file> --detector <config>.json [--places <places>] [--unit <unit>] [--out <dir>]"
        default: return "sensorbench <subcommand> [<options>]"
        }
    }

    package static func text(_ topic: String?) -> String {
        switch topic {
        case "run":
            return """
                OVERVIEW: Run scenarios and write their reports.

                Every file is validated before anything runs; a bad file writes nothing. Each scenario's report goes to
                <dir>/<scenario name>/ (trials.csv, cells.csv, regression.csv, fits.csv, summary.md, charts), each file
                written atomically. Output is byte-identical for the same scenario and seed, whatever --jobs.

                USAGE: \(usageLine("run"))

                ARGUMENTS:
                  <file>                  Scenario JSON files (see README "Scenario format").

                OPTIONS:
                  -o, --out <dir>         Folder for the reports. (default: Reports)
                  --trials <n>            Trials per cell, overriding the scenario's trialsPerCell.
                  --seed <s>              Seed (0 to 2^64-1), overriding the scenario's seed.
                  -j, --jobs <n>          Worker threads. (default: every core)
                  --shard <k>/<n>         Run only shard k of n (1-based; trials split by global index) and write
                                          <dir>/<name>.shard-<k>-of-<n>.part instead of the report. 'slurm' takes
                                          k and n from SLURM_ARRAY_TASK_ID/_MIN/_COUNT.
                  -q, --quiet             No progress on standard error.
                  -h, --help              Show help information.

                """
        case "merge":
            return """
                OVERVIEW: Merge the part files of a sharded run into the report an unsharded run writes, byte for byte.

                Every part must come from the same scenario content, seed, trial count and sensorbench version, and
                together they must hold every shard exactly once; otherwise one line names the missing, duplicate or
                mismatched part (exit 65).

                USAGE: \(usageLine("merge"))

                OPTIONS:
                  -o, --out <dir>         Folder for the report. (default: Reports; Reports/grades for grade parts)
                  -h, --help              Show help information.

                """
        case "validate":
            return """
                OVERVIEW: Check scenario files without running them.

                Prints "<file>: ok (<n> cells, <m> trials)" per valid file; the first problem is reported as
                "<file>:<line>: <field>: <problem>" with exit code 65 (66 for a missing file).

                USAGE: \(usageLine("validate"))

                OPTIONS:
                  -h, --help              Show help information.

                """
        case "list":
            return """
                OVERVIEW: List the shipped scenarios, profiles, places, rubrics, submissions and samples.

                Looks in ./Scenarios, or in $SENSORBENCH_SCENARIOS, or beside the executable's checkout.

                USAGE: \(usageLine("list"))

                OPTIONS:
                  -h, --help              Show help information.

                """
        case "bench":
            return """
                OVERVIEW: Measure speed: raw GSL Gaussian draws, the drift pipeline on one core and on all cores
                against a plain C + GSL loop of the same model, a day-long walk, allan, grade, the shake detectors
                against a C loop and the geofence checks against their geodesics. Every figure is the median and
                the best of 5 repetitions of at least 1 s; ratios come from interleaved repetitions.

                USAGE: \(usageLine("bench"))

                OPTIONS:
                  --trials <n>            Ten-minute walks per pipeline batch. (default: 16)
                  -j, --jobs <n>          Threads for the all-core measurement. (default: every core)
                  --quick                 3 repetitions of at least 0.2 s: for iterating, not for the record.
                  -h, --help              Show help information.

                """
        case "allan", "calibrate", "walks", "replay": return recordingsText(topic ?? "")
        case "grade": return gradeText
        case "distance":
            return """
                OVERVIEW: Print the WGS-84 geodesic distance (metres, Karney's method) between two points and the
                initial bearing from the first to the second (degrees clockwise from north, 0 to 360).

                USAGE: \(usageLine("distance"))

                ARGUMENTS:
                  <lat,lon>               Decimal degrees, latitude first, e.g. 39.95248,-75.19938.

                OPTIONS:
                  -h, --help              Show help information.

                """
        case "gpx":
            return """
                OVERVIEW: Export the phone's fixes of a geofence scenario's first cell and first trial (with its GPS
                jitter) as a GPX 1.1 file of timed waypoints, which Xcode's Simulate Location replays. Times start at
                2026-01-01T00:00:00Z; the file is the same for the same scenario and seed.

                USAGE: \(usageLine("gpx"))

                OPTIONS:
                  -o, --out <file>        The GPX file to write.
                  -h, --help              Show help information.

                """
        case "help":
            return """
                OVERVIEW: Show help for sensorbench or one of its subcommands.

                USAGE: \(usageLine("help"))

                """
        default:
            return """
                OVERVIEW: SensorBench simulates phone-sensor noise, drives the detection core an app links, and
                reports with honest statistics how the app behaves.

                USAGE: \(usageLine(nil))

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  run                     Run scenarios and write their reports.
                  merge                   Merge a sharded run's part files into its report.
                  validate                Check scenario files without running them.
                  list                    List the shipped scenarios, profiles, places, rubrics, submissions and samples.
                  bench                   Measure the pipeline's speed and memory.
                  allan                   Allan deviation and IEEE 952 noise terms of a gyro recording.
                  calibrate               Estimate a gyro profile from a static recording.
                  walks                   Compare TurnBack's drift log with what a gyro profile predicts.
                  replay                  Run a recording through the app's detection core and list its events.
                  distance                Distance and bearing between two points (WGS-84).
                  gpx                     Export a geofence scenario's fixes as GPX for Xcode.
                  grade                   Grade Penn Dining submissions against a rubric.
                  help                    Show help for a subcommand.

                EXIT CODES:
                  0 success, 1 unexpected failure, 64 usage error, 65 bad input data, 66 missing input file,
                  73 the output location cannot take the report, 74 a disk-level write failure (previous report
                  intact), 75 another sensorbench process is writing the same report folder.

                  See 'sensorbench help <subcommand>' for detailed help.

                """
        }
    }
}

// MARK: - Recordings

extension HelpText {
    static func recordingsText(_ topic: String) -> String {
        let formats = """
            FORMATS (detected from the header and file name; a file of another sensor is refused):
              Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                      (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                      and Metadata.csv; also its zip export.
              phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                      header; ',' ';' or tab; also its zip export (Raw Data.csv).
              SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
              generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
            """
        switch topic {
        case "replay":
            return """
                OVERVIEW: Run a recording through the same detection core an app links, and report its events.

                The configuration decides the detector:
                  {"detector": "heading", ...}      a gyro CSV through TurnBack's HeadingTracker: the turn angle
                                                    and the arrow's phrase once a second after the mark, and at
                                                    the end (keys: maximumGapSeconds, markAtSeconds,
                                                    straightAheadToleranceDegrees, reportIntervalSeconds).
                  {"kind": "threshold-count", ...}  an accelerometer CSV through the ShakeDetector (a
                                                    ShakeDetectorConfiguration; also window-fraction, reversal,
                                                    and raw-magnitude, which reads raw readings with gravity).
                  {"kind": "naive", ...}            a GPX track (timed trkpt, rtept or wpt) or a location CSV/zip
                                                    (Sensor Logger's Location.csv, phyphox's Location export)
                                                    through the ProximityMonitor (a ProximityCheckConfiguration;
                                                    also accuracy-gated, consecutive, dwell, hysteresis,
                                                    accuracy-aware).
                Writes <dir>/events.csv and summary.md (and turn-angle.svg for the heading detector).

                USAGE: \(usageLine("replay"))

                OPTIONS:
                  -d, --detector <file>   The detector configuration JSON. (required)
                  --places <file>         Places for a track replay: a places JSON, a GPX file, or a folder
                                          of GPX files (each point a place, named by <name> or file name).
                                          (default: Scenarios/places/penn-dining.json)
                  --unit <unit>           Declare the unit: rad/s, deg/s, g or m/s2. (default: from the header,
                                          or the format's documentation for the file's sensor)
                  -o, --out <dir>         Folder for the report. (default: Reports/replay)
                  -h, --help              Show help information.

                \(formats)

                """
        case "walks":
            return """
                OVERVIEW: Does this phone drift as its gyro profile says? Compares TurnBack's drift log with
                simulated walks of the same lengths.

                Regresses measured |drift| on minutes (and the growth exponent with 3+ durations), simulates
                <n> walks per distinct duration on the profile with the drift study's pipeline, and writes
                walks.csv, profile.csv, regression.csv, walks.svg and summary.md. Entries with a missing or
                extra field still import; the summary lists what was skipped and why.

                USAGE: \(usageLine("walks"))

                OPTIONS:
                  --profile <name>        Gyro profile from Scenarios/profiles. (default: phone-calibrated)
                  -o, --out <dir>         Folder for the report. (default: Reports/walks)
                  --trials <n>            Simulated walks per duration, 10 to 100000. (default: 200)
                  --seed <s>              Seed of the simulation. (default: 1)
                  --walk straight|loop    Simulated walk: straight, or a 4-turn loop. (default: loop)
                  -j, --jobs <n>          Worker threads. (default: every core)
                  -h, --help              Show help information.

                """
        case "calibrate":
            return """
                OVERVIEW: Estimate a gyro profile from a static recording (the phone lying still).

                Reads the Allan curve of one axis and writes a profile JSON in the format of Scenarios/profiles:
                noise density from N, bias instability from B with the correlation time at the Allan minimum,
                rate random walk from K, the sample rate from the data; 'sources' says it was estimated.

                USAGE: \(usageLine("calibrate"))

                OPTIONS:
                  -o, --out <file>.json   The profile to write; its name is the file name. (required)
                  --axis x|y|z            The axis to calibrate. (default: z, the axis TurnBack integrates)
                  --unit <unit>           Declare the rate unit: rad/s or deg/s.
                  -h, --help              Show help information.

                \(formats)

                """
        default:
            return """
                OVERVIEW: Overlapping Allan deviation of a gyro recording, with IEEE Std 952 noise terms.

                Writes <dir>/allan.csv (every τ with its 95% interval), allan.svg (log-log, one line per axis) and
                summary.md (angle random walk N in °/s/√Hz, bias instability B in °/h, rate random walk K in
                °/s/√s, each with a 95% interval).

                USAGE: \(usageLine("allan"))

                OPTIONS:
                  --axis x|y|z|all        The axes to analyse. (default: all)
                  -o, --out <dir>         Folder for the report. (default: Reports/allan)
                  --unit <unit>           Declare the rate unit: rad/s or deg/s.
                  -h, --help              Show help information.

                \(formats)

                """
        }
    }
}

// MARK: - Grading

extension HelpText {
    static var gradeText: String {
        """
        OVERVIEW: Grade course submissions (gesture detector, proximity check, hall coordinates) against a rubric.

        Every suite of the rubric is simulated once and every submission is evaluated on the same visits and
        timelines. Writes <dir>/<team>.md per submission, summary.csv and summary.md. A submission that cannot be
        read is named in summary.md and on standard error; the others are still graded, and the exit code is 65.
        The output is byte-identical for the same rubric and submissions, whatever --jobs.

        USAGE: \(usageLine("grade"))

        ARGUMENTS:
          <submission>            Submission JSON files, or folders of them (see the README, "Grading").

        OPTIONS:
          --rubric <file>         The rubric JSON file. (required)
          -o, --out <dir>         Folder for the reports. (default: Reports/grades)
          -j, --jobs <n>          Worker threads. (default: every core)
          --shard <k>/<n>         Grade only shard k of n (every suite's visits and timelines numbered by one
                                  global index) and write <dir>/<rubric name>.grade.shard-<k>-of-<n>.part;
                                  'slurm' takes k and n from SLURM_ARRAY_TASK_ID/_MIN/_COUNT. 'sensorbench merge
                                  <part>... --out <dir>' then writes the reports byte-identical to a whole run.
          -q, --quiet             No progress on standard error.
          -h, --help              Show help information.

        """
    }
}
