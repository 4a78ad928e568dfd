// Golden text: `sensorbench help <topic>` for every node of the command tree, recorded from the binary built at
// a9cd657 (before the commands became one type each, issue 23) with `sensorbench help <topic>`, each text without
// the two newlines every help ends with. A help text changes only on purpose: edit the text here in the same commit
// (so far: `bench`'s details rewrapped, one line of 171 characters among lines of about 100; `run` and `grade`'s
// `--shard` text for `slurm/<n>`, issue 29; the FORMATS of `allan`, `calibrate` and `replay`, now from the
// dialect registry, with Physics Toolbox; `grade --rubric <name>|<file>` and `walks`' logged turning, issue 25;
// `replay --labels`, `--rate` and `sweep-recordings`, issue 28; `dev geofence-coverage`'s summary names its rate and
// share intervals, now with the miss and collect shares, issue 24; `walks`' calibrated comparison and `dev walks-level`,
// and `dev plan-check`'s parts' coverage, issue 24).
// `--shard` text for `slurm/<n>`, issue 29; `grade`'s `--secret` and `--team-seconds`, issue 29; the FORMATS of `allan`, `calibrate` and `replay`, now from the
// dialect registry, with Physics Toolbox).

/// Every help topic (`nil`: the program's own), with its text as recorded.
let recordedHelp: [(topic: String?, text: String)] = [
    (
        nil,
        #"""
        OVERVIEW: SensorBench simulates phone-sensor noise, drives the detection core an app links, and
        reports with honest statistics how the app behaves.

        USAGE: sensorbench <subcommand> [<options>]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Run scenarios and write their reports.
          merge                   Merge a sharded run's part files into its report.
          validate                Check input files without running them.
          list                    List the shipped scenarios, profiles, places, rubrics, submissions and samples.
          bench                   Measure the pipeline's speed and memory.
          allan                   Allan deviation and IEEE 952 noise terms of a gyro recording.
          calibrate               Measure one phone's gyro: a device profile from a still (and a spin) recording.
          walks                   Compare TurnBack's drift log with what a gyro profile predicts.
          replay                  Run a recording through the app's detection core and list its events.
          sweep-recordings        Sweep shake detector settings over labelled recordings, choose on some, confirm on others.
          distance                Distance and bearing between two points (WGS-84).
          gpx                     Export a geofence scenario's fixes as GPX for Xcode.
          grade                   Grade Penn Dining submissions against a rubric.
          help                    Show help for sensorbench or one of its subcommands.

        EXIT CODES:
          0 success, 1 unexpected failure, 64 usage error, 65 bad input data, 66 missing input file,
          73 the output location cannot take the report, 74 a disk-level write failure (previous report
          intact), 75 another sensorbench process is writing the same report folder.

          See 'sensorbench help <subcommand>' for detailed help.
        """#
    ),
    (
        "run",
        #"""
        OVERVIEW: Run scenarios and write their reports.

        Every file is validated before anything runs; a bad file writes nothing. Each scenario's report goes
        to <dir>/<scenario name>/, each file written atomically. Output is byte-identical for the same
        scenario and seed, whatever --jobs.

        USAGE: sensorbench run <file>... [--out <dir>] [--trials <n>] [--seed <s>] [--jobs <n>] [--shard <k>/<n>|slurm] [--quiet]

        ARGUMENTS:
          <file>                  Scenario JSON files (study: drift, shake, scribble, geofence).

        OPTIONS:
          -o, --out <dir>         Folder for the reports. (default: Reports)
          --trials <n>            Trials per cell (timelines for shake and scribble), overriding the scenario's. 1 to
                                  1000000000. (default: the scenario's)
          --seed <s>              Seed, overriding the scenario's. 0 to 2^64-1. (default: the scenario's)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          --shard <k>/<n>|slurm   Run only shard k of n (1-based; trials split by global index) and write
                                  <dir>/<name>.shard-<k>-of-<n>.part instead of the report. 'slurm' takes the Slurm job
                                  array as the whole run: task ID of --array=MIN-MAX:STEP computes shard (ID-MIN)/STEP+1 of
                                  its task count. 'slurm/<n>': task k computes shard k of n, so 'sbatch --array=k' reruns
                                  shard k. (default: off)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.

        OUTPUTS (in <dir>/<scenario name>/, by study):
          drift                   trials.csv, cells.csv, regression.csv, fits.csv, summary.md, rms-vs-minutes.svg,
                                  rms-vs-turns.svg, drift-scatter.svg, turning-share.svg (with an error budget of at most
                                  four walk kinds: turning's share against minutes, the crossover marked)
          shake                   sweep.csv, events.csv, summary.md, precision-recall.svg, recall-vs-false-alarms.svg,
                                  false-alarms-by-activity.svg, false-alarm-intervals.svg
          scribble                sweep.csv, events.csv, summary.md, precision-recall.svg, recall-vs-false-alarms.svg,
                                  false-alarms-by-activity.svg, false-alarm-intervals.svg
          geofence                trials.csv, rates.csv, summary.md, wrong-collections[-<variant>]-<environment>.svg
                                  (tours), false-triggers[-<variant>]-<environment>.svg (two or more distances),
                                  collected-by-variant-<environment>.svg (two or more place variants)
        """#
    ),
    (
        "merge",
        #"""
        OVERVIEW: Merge a sharded run's part files into its report.

        Writes the report an unsharded run writes, byte for byte. Every part must come from the same
        scenario content, seed, trial count and sensorbench version, and together they must hold every
        shard exactly once; otherwise one line names the missing, duplicate or mismatched part (exit 65)
        and, for a missing one, the command that recomputes it.

        USAGE: sensorbench merge <part>... [--out <dir>] [--quiet]

        ARGUMENTS:
          <part>                  Part files (.part).

        OPTIONS:
          -o, --out <dir>         Folder for the report. (default: Reports; Reports/grades for grade parts)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "validate",
        #"""
        OVERVIEW: Check input files without running them.

        Reads each file as the command that uses it would and prints one line of what it checked, e.g.
        "ok  <file>: rubric "penn-dining", 13 criteria, 5 suites". The kind is detected from the content
        (see KINDS) unless --kind says it. The first problem is reported as
        "<file>:<line>: <field>: <problem>" with exit code 65 (66 for a missing file).

        USAGE: sensorbench validate <file>... [--kind <kind>] [--rubric <file>] [--quiet]

        ARGUMENTS:
          <file>                  Input files: JSON inputs, sensor recordings, GPX.

        OPTIONS:
          --kind <kind>           Read every file as this kind: scenario, rubric, submission, detector, places, profile,
                                  drift-log, recording, gpx. (default: detected from each file)
          --rubric <file>         The rubric submissions are checked against (hall names, manual criteria). (default:
                                  Scenarios/rubrics/penn-dining.json)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.

        KINDS (detected from the content, the first that fits):
          scenario                an object with "study" (run)
          rubric                  an object with "criteria" (grade --rubric)
          submission              an object with "team" and "gesture" (grade)
          detector                an object with "detector" or "kind" (replay --detector)
          places                  an object with "places" (a scenario's or rubric's places, replay --places)
          profile                 an object with a gyro model key such as "noiseDensityDegPerSecPerRootHz" (a scenario's
                                  profile)
          drift-log               an array (walks)
          recording               a sensor CSV header (FORMATS of allan), a zip or a Sensor Logger JSON export (allan,
                                  calibrate, replay)
          gpx                     XML with <gpx (a scenario's path, gpx commands)
        """#
    ),
    (
        "list",
        #"""
        OVERVIEW: List the shipped scenarios, profiles, places, rubrics, submissions and samples.

        Looks in ./Scenarios, or in $SENSORBENCH_SCENARIOS, or beside the executable's checkout.

        USAGE: sensorbench list

        OPTIONS:
          -h, --help              Show help information.
        """#
    ),
    (
        "bench",
        #"""
        OVERVIEW: Measure the pipeline's speed and memory.

        Every figure is the median and the best of 5 repetitions of at least 1 s; ratios come from
        interleaved repetitions against their reference in the same run (raw GSL Gaussian draws, C loops
        of the same arithmetic, the one-thread run). Rows: the drift pipeline on one core and on all cores,
        the Gaussian draws alone (GSL's and RandomStream's, the same values), a day-long walk, peak memory
        at 10⁴, 10⁵ and 10⁶ trials (child processes: a geofence `run`, its `run --shard` in 2 shards and
        their `merge`, and a drift `run`), allan, grading, the shake and scribble detectors' per-update
        costs against C loops of the same arithmetic, and geofence per-update costs. A Markdown table on
        standard output.

        USAGE: sensorbench bench [--trials <n>] [--jobs <n>] [--quick] [--source-submissions <n>] [--projects <n>] [--quiet]

        OPTIONS:
          --trials <n>            Ten-minute walks per pipeline measurement. 1 to 100000. (default: 16)
          -j, --jobs <n>          Threads for the all-core measurement. 1 to 1024. (default: every core)
          --quick                 3 repetitions of at least 0.2 s instead of 5 of at least 1 s: for iterating, not for the
                                  record.
          --source-submissions <n>
                                  Also grade n source submissions (variants of the good examples, 1 to 1000) with an empty
                                  and then a warm compile cache: minutes, so off unless asked. (default: 0: left out)
          --projects <n>          Also grade n student project folders (variants of Scenarios/projects, 1 to 1000) with an
                                  empty and then a warm compile cache: minutes, so off unless asked. (default: 0: left out)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "allan",
        #"""
        OVERVIEW: Allan deviation and IEEE 952 noise terms of a gyro recording.

        Writes <dir>/allan.csv (every τ with its 95% interval), allan.svg (log-log, one line per axis) and
        summary.md (angle random walk N in °/s/√Hz, bias instability B in °/h, rate random walk K in
        °/s/√s, each with a 95% interval).

        USAGE: sensorbench allan <file> [--axis x|y|z|all] [--out <dir>] [--unit <unit>] [--rate <Hz>] [--quiet]

        ARGUMENTS:
          <file>                  The gyro recording.

        OPTIONS:
          --axis x|y|z|all        The axes to analyse. (default: all)
          -o, --out <dir>         Folder for the report. (default: Reports/allan)
          --unit <unit>           Declare the rate unit: rad/s or deg/s. (default: from the header)
          --rate <Hz>             The sample rate of a recording without a time column (MotionSense: 50); refused for a file
                                  with times.
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.

        FORMATS (detected from the header and file name; a file of another sensor is refused):
          Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                  (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                  and Metadata.csv; also its zip export.
          phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                  header; ',' ';' or tab; also its zip export (Raw Data.csv).
          SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
          Physics Toolbox         time, gFx, gFy, gFz (s, g): an accelerometer, gravity included.
          Core Motion             rotationRate.x, userAcceleration.x, acceleration.x (or _x) with
                                  timestamp or time in seconds; rad/s and g, as Core Motion reports;
                                  no time column (MotionSense, 50 Hz): give --rate HZ.
          generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
        """#
    ),
    (
        "calibrate",
        #"""
        OVERVIEW: Measure one phone's gyro: a device profile from a still (and a spin) recording.

        Writes a device profile ("kind": "device"): this phone's signed bias, white noise (N) and bias
        instability where the Allan curve identifies them, from the still recording (the phone lying
        still), each with its standard error and source; with --spin, also the scale factor and the
        left/right asymmetry from a recording of the phone turned flat on a table <n> full turns one
        way, back onto a mark, and <n> the other way. A term no recording measured is written as "not
        measured". Use the profile with walks --profile <file> or in a drift scenario.

        USAGE: sensorbench calibrate <still> --out <profile>.json [--axis x|y|z] [--spin <file>] [--turns <n>] [--mark-error <degrees>] [--unit <unit>] [--rate <Hz>] [--quiet]

        ARGUMENTS:
          <still>                 The still gyro recording.

        OPTIONS:
          -o, --out <profile>.json
                                  The profile to write; its name is the file name. (required)
          --axis x|y|z            The axis to calibrate. (default: z, the axis TurnBack integrates)
          --spin <file>           A spin recording, for the scale factor and asymmetry (needs --turns).
          --turns <n>             Full turns each way in the spin recording (1 to 100).
          --mark-error <degrees>  1σ error of putting the phone back on its mark. (default: 1)
          --unit <unit>           Declare the rate unit: rad/s or deg/s. (default: from the header)
          --rate <Hz>             The sample rate of a recording without a time column (MotionSense: 50); refused for a file
                                  with times.
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.

        FORMATS (detected from the header and file name; a file of another sensor is refused):
          Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                  (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                  and Metadata.csv; also its zip export.
          phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                  header; ',' ';' or tab; also its zip export (Raw Data.csv).
          SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
          Physics Toolbox         time, gFx, gFy, gFz (s, g): an accelerometer, gravity included.
          Core Motion             rotationRate.x, userAcceleration.x, acceleration.x (or _x) with
                                  timestamp or time in seconds; rad/s and g, as Core Motion reports;
                                  no time column (MotionSense, 50 Hz): give --rate HZ.
          generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
        """#
    ),
    (
        "walks",
        #"""
        OVERVIEW: Compare TurnBack's drift log with what a gyro profile predicts.

        Answers TurnBack's question from the log: with turnedDegrees in its entries, whether drift grows
        with time or with turning (a regression with intervals); without, says it cannot and gives a
        walking plan, checked by simulation. Simulates <n> walks per distinct duration and logged
        turning on the profile (a class of phones, or one phone for a device profile), tests the walks'
        percentiles against them (Anderson-Darling, sign test, calibrated on <n> simulated logs of the
        same walks, one phone each) and names the error that would explain a gap. Writes walks.csv, profile.csv, regression.csv, walks.svg and summary.md; the summary lists
        what was skipped.

        USAGE: sensorbench walks <log.json> [--profile <name>|<file>] [--out <dir>] [--trials <n>] [--seed <s>] [--walk straight|loop] [--jobs <n>] [--quiet]

        ARGUMENTS:
          <log.json>              TurnBack's drift log (JSON).

        OPTIONS:
          --profile <name>|<file>
                                  Gyro profile: a name (profiles/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a
                                  path. (default: phone-calibrated)
          -o, --out <dir>         Folder for the report. (default: Reports/walks)
          --trials <n>            Simulated walks per duration, and one-phone logs for the p-value. 10 to 100000. (default:
                                  200)
          --seed <s>              Seed of the simulation. 0 to 2^64-1. (default: 1)
          --walk straight|loop    Simulated walk for entries without logged turning: straight, or a 4-turn loop. (default:
                                  loop)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "replay",
        #"""
        OVERVIEW: Run a recording through the app's detection core and list its events.

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
        A labelled shake recording is scored as the shake study scores its timelines: recall, false
        alarms per hour overall and by label, latency and fragments, with a signal.svg of |a| against
        the threshold. Labels come from --labels, else beside the recording: Sensor Logger's
        Annotation.csv (the same folder, zip or JSON export; annotations pair up by text) or
        NAME.labels.csv beside NAME.csv (start,end,label in seconds of the recording's own clock).
        A label "shake" is a deliberate shake. Times are the recording's own clock (Sensor Logger's
        seconds_elapsed, else the file's time column). A bad labels file exits 65 (66 if missing).

        USAGE: sensorbench replay <file> --detector <config>.json [--places <places>] [--unit <unit>] [--rate <Hz>] [--out <dir>] [--log-entry <log.json>] [--labels <labels.csv>] [--quiet]

        ARGUMENTS:
          <file>                  The recording: a gyro or accelerometer CSV, or a track.

        OPTIONS:
          -d, --detector <config>.json
                                  The detector configuration JSON. (required)
          --places <places>       Places for a track replay: a places JSON, a GPX file, or a folder of GPX files (each point
                                  a place, named by <name> or file name). (default: Scenarios/places/penn-dining.json)
          --unit <unit>           Declare the unit: rad/s, deg/s, g or m/s2. (default: from the header, or the format's
                                  documentation for the file's sensor)
          --rate <Hz>             The sample rate of a recording without a time column (MotionSense: 50); refused for a file
                                  with times.
          -o, --out <dir>         Folder for the report. (default: Reports/replay)
          --log-entry <log.json>  Heading only: append the walk (minutes, drift, turning) to this drift log, for walks.
          --labels <labels.csv>   Shake only: score the replay against these labels (start,end,label, or Sensor Logger's
                                  Annotation.csv). (default: the labels beside the recording, if any)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.

        FORMATS (detected from the header and file name; a file of another sensor is refused):
          Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                  (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                  and Metadata.csv; also its zip export.
          phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                  header; ',' ';' or tab; also its zip export (Raw Data.csv).
          SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
          Physics Toolbox         time, gFx, gFy, gFz (s, g): an accelerometer, gravity included.
          Core Motion             rotationRate.x, userAcceleration.x, acceleration.x (or _x) with
                                  timestamp or time in seconds; rad/s and g, as Core Motion reports;
                                  no time column (MotionSense, 50 Hz): give --rate HZ.
          generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
        """#
    ),
    (
        "sweep-recordings",
        #"""
        OVERVIEW: Sweep shake detector settings over labelled recordings, choose on some, confirm on others.

        The sweep file names the recordings ("choose": [...], "confirm": [...], paths relative to it, or
        {"recording": ..., "labels": ...}) and the settings ("sweep", "matching" and "recommend" as in a
        shake scenario). Every recording needs labels: NAME.labels.csv beside it (start,end,label in
        seconds of its own clock) or Sensor Logger's Annotation.csv; a label "shake" is a deliberate shake.
        The settings are ranked on the choose recordings only and the choice is confirmed on the others.
        Writes sweep.csv, events.csv, summary.md, the sweep's charts and signal-N.svg per recording (|a|
        against the chosen threshold, its firings and the labels). Bad labels exit 65 (66 if missing).

        USAGE: sensorbench sweep-recordings <sweep.json> [--out <dir>] [--quiet]

        ARGUMENTS:
          <sweep.json>            The recordings and the settings to sweep.

        OPTIONS:
          -o, --out <dir>         Folder for the report. (default: Reports/sweep-recordings)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "distance",
        #"""
        OVERVIEW: Distance and bearing between two points (WGS-84).

        Prints the WGS-84 geodesic distance (metres, Karney's method) between two points and the initial
        bearing from the first to the second (degrees clockwise from north, 0 to 360). A latitude beyond
        ±90° is refused (exit 65); a pair that looks swapped against the other point (see SWAPPED) is
        computed as typed, with a warning on standard error; identical points have no bearing.

        USAGE: sensorbench distance <lat,lon> <lat,lon>

        ARGUMENTS:
          <lat,lon>               Decimal degrees, latitude first, e.g. 39.95248,-75.19938.

        OPTIONS:
          -h, --help              Show help information.

        SWAPPED:
          A point is taken for typed as LON,LAT when the two points as typed are more than 1000 km apart
          and that point read the other way round lies within 1000 km of the other one. The distance is
          still computed as typed; the warning on standard error gives each point's reading for which
          that holds. Two points both typed the other way round cannot be told from a true pair.
        """#
    ),
    (
        "gpx",
        #"""
        OVERVIEW: Export a geofence scenario's fixes as GPX for Xcode.

        USAGE: sensorbench gpx <subcommand> [<options>]

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          export                  Export a geofence scenario's fixes as GPX for Xcode.

          See 'sensorbench help gpx <subcommand>' for detailed help.
        """#
    ),
    (
        "gpx export",
        #"""
        OVERVIEW: Export a geofence scenario's fixes as GPX for Xcode.

        Writes the phone's fixes of the scenario's first cell and first trial (with its GPS jitter) as a
        GPX 1.1 file of timed waypoints, which Xcode's Simulate Location replays. Times start at
        2026-01-01T00:00:00Z; the file is the same for the same scenario and seed.

        USAGE: sensorbench gpx export <scenario> --out <file> [--seed <s>] [--quiet]

        ARGUMENTS:
          <scenario>              A geofence scenario JSON.

        OPTIONS:
          -o, --out <file>        The GPX file to write. (required)
          --seed <s>              Seed, overriding the scenario's. 0 to 2^64-1. (default: the scenario's)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "grade",
        #"""
        OVERVIEW: Grade Penn Dining submissions against a rubric.

        Grades course submissions (gesture detector, proximity check, hall coordinates). Every suite of the
        rubric is simulated once and every submission is evaluated on the same visits and timelines.
        Writes <dir>/<team>.md per submission, summary.csv and summary.md. A submission that cannot be
        read is named in summary.md and on standard error; the others are still graded, and the exit code
        is 65. The output is byte-identical for the same rubric and submissions, whatever --jobs.

        USAGE: sensorbench grade <submission>... --rubric <name>|<file> [--out <dir>] [--jobs <n>] [--shard <k>/<n>|slurm] [--secret <hex>] [--team-seconds <s>] [--quiet]

        ARGUMENTS:
          <submission>            Submission JSON files, source-submission folders, student projects (zips or folders), or
                                  folders of them (see docs/grading.md, docs/xcode-projects.md).

        OPTIONS:
          --rubric <name>|<file>  The rubric: a name (rubrics/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a
                                  path. (required)
          -o, --out <dir>         Folder for the reports. (default: Reports/grades)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          --shard <k>/<n>|slurm   Grade only shard k of n (every suite's visits and timelines numbered by one global index)
                                  and write <dir>/<rubric name>.grade.shard-<k>-of-<n>.part; 'sensorbench merge' then writes
                                  the reports byte-identical to a whole run. 'slurm' takes the Slurm job array as the whole
                                  run: task ID of --array=MIN-MAX:STEP computes shard (ID-MIN)/STEP+1 of its task count.
                                  'slurm/<n>': task k computes shard k of n, so 'sbatch --array=k' reruns shard k. (default:
                                  off)
          --secret <hex>          The stream secret mixed into every suite's seed (1 to 16 hexadecimal digits), to reproduce
                                  a grade from the secret its summary.md shows. A course must not fix it: a fixed secret
                                  lets a source team record the streams and replay its answers. (default: a fresh secret
                                  when a source team is graded, none otherwise)
          --team-seconds <s>      Wall-clock seconds for all of one source team's harness runs together; past them the
                                  team's outcome is 'over time budget' and the others are unaffected. 1 to 86400. (default:
                                  600)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "help",
        #"""
        OVERVIEW: Show help for sensorbench or one of its subcommands.

        USAGE: sensorbench help [<subcommand>...]

        ARGUMENTS:
          <subcommand>            A subcommand, nested ones as two words (gpx export).

        OPTIONS:
          -h, --help              Show help information.
        """#
    ),
    (
        "dev",
        #"""
        OVERVIEW: Developer commands (left out of the main help on purpose).

        USAGE: sensorbench dev <subcommand> [<options>]

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          write-samples           Regenerate the synthetic sample recordings of Scenarios/recordings.
          allan-recovery          The Allan recovery table and interval coverage (docs/recordings.md).
          allan-coverage          K beside a Gauss–Markov bias, N and B beside flicker: coverage (docs/recordings.md).
          drift-coverage          The coverage of the drift report's intervals by simulated replications (docs/drift.md).
          shake-coverage          The coverage of the shake reports' rate, precision and recall intervals (docs/shake.md).
          shake-recheck           Re-run gesture reports' choices on fresh days beside their claims (docs/shake.md).
          plan-check              A profile's walking plan, its power checked with the full simulator (docs/recordings.md).
          motion-check            The simulated everyday motion against MotionSense's real motion (docs/shake.md).
          write-labelled-samples  Regenerate the synthetic labelled recordings of Scenarios/recordings/labelled.
          geofence-coverage       The coverage of a geofence report's rate and share intervals (docs/geofence.md).
          geofence-recheck        Re-run geofence reports' checks on fresh days beside their claims (docs/geofence.md).
          grade-recheck           Re-run the grades' ladder advice on fresh days beside their claims (docs/grading.md).
          walks-level             How often walks rejects a log that comes from its profile (docs/recordings.md).
          device-coverage         The coverage of a device study's closed-form 95% intervals (docs/recordings.md).

          See 'sensorbench help dev <subcommand>' for detailed help.
        """#
    ),
    (
        "dev write-samples",
        #"""
        OVERVIEW: Regenerate the synthetic sample recordings of Scenarios/recordings.

        USAGE: sensorbench dev write-samples <dir>

        ARGUMENTS:
          <dir>                   The folder to write them into.

        OPTIONS:
          -h, --help              Show help information.
        """#
    ),
    (
        "dev allan-recovery",
        #"""
        OVERVIEW: The Allan recovery table and interval coverage (docs/recordings.md).

        USAGE: sensorbench dev allan-recovery [<replications>] [--quiet]

        ARGUMENTS:
          <replications>          Simulated recordings per row, 2 to 10000 (default: 20).

        OPTIONS:
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev allan-coverage",
        #"""
        OVERVIEW: K beside a Gauss–Markov bias, N and B beside flicker: coverage (docs/recordings.md).

        USAGE: sensorbench dev allan-coverage [<replications>] [--walk <k>] [--flicker <b>] [--gaps <pattern>] [--from <s>] [--jobs <n>] [--quiet]

        ARGUMENTS:
          <replications>          Simulated recordings per design, 2 to 10000 (default: 30).

        OPTIONS:
          --walk <k>              Run only the design with this rate random walk (°/s/√s): 1e-4, 5e-5, 0. (default: every
                                  design)
          --flicker <b>           Run the flicker designs instead: true 1/f bias instability B (°/h) beside white noise
                                  0.007 °/s/√Hz, 1 h at 100 Hz, no Gauss–Markov bias or walk; B = 10, 20, or all for both.
                                  (default: the Gauss–Markov designs)
          --gaps <pattern>        Sample the records' times in this pattern and analyse them as allan does: mpu6050,
                                  mpu6050-overflow (mpu6050: reads in bursts like the issue's MPU6050 record, no sample
                                  lost; mpu6050-overflow: the same logger losing samples when its FIFO overflows). (default:
                                  evenly sampled)
          --from <s>              The first record's seed, 1 to 1000000, so that blocks of seeds can be run apart and added
                                  up. (default: 1)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev drift-coverage",
        #"""
        OVERVIEW: The coverage of the drift report's intervals by simulated replications (docs/drift.md).

        USAGE: sensorbench dev drift-coverage [<replications> [<trials>]] [--one-phone] [--from <r>] [--bootstrap <b>] [--csv] [--report-intervals] [--quiet]

        ARGUMENTS:
          <replications> [<trials>]
                                  Replications, 2 to 10000 (default: 200), then walks per cell, 2 to 1000 (default: 20).

        OPTIONS:
          --one-phone             Run only the two one-phone designs (sameDevice). (default: every design)
          --from <r>              The one-phone designs' first replication (scenario seed offset), 0 to 1000000, so that
                                  blocks can be run apart and added up; with --one-phone. (default: 0)
          --bootstrap <b>         Bootstrap replicates of each fit, 20 to 2000 (the t intervals of one phone do not depend
                                  on it). (default: 400, as the reports)
          --csv                   With --one-phone: print one CSV row per replication and interval (estimate, ends, truth)
                                  instead of the table. (default: the table)
          --report-intervals      Run only the shipped design's per-cell RMS and regression intervals (no error-budget fit),
                                  so that many walks per cell stay affordable; with --one-phone, the per-cell RMS intervals
                                  of one phone (loops and zigzags) against its own E[drift²]. (default: every design)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev shake-coverage",
        #"""
        OVERVIEW: The coverage of the shake reports' rate, precision and recall intervals (docs/shake.md).

        USAGE: sensorbench dev shake-coverage [<replications>] [--scenario <file>] [--settings <i,j,...>] [--truth-timelines <n>] [--jobs <n>]

        ARGUMENTS:
          <replications>          Replications a design, 2 to 100000 (default: 1000); with --scenario, days of the
                                  scenario's size (default: 200).

        OPTIONS:
          --scenario <file>       A shake or scribble scenario: measure its report's intervals on its own simulated
                                  timelines instead of the parametric designs. (default: the parametric designs)
          --settings <i,j,...>    With --scenario: the settings to judge, by their sweep index (sweep.csv's setting column).
                                  (default: the report's choice)
          --truth-timelines <n>   With --scenario: timelines of the truth run, 1 to 10000000. (default: 100 times the
                                  scenario's)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -h, --help              Show help information.
        """#
    ),
    (
        "dev geofence-coverage",
        #"""
        OVERVIEW: The coverage of a geofence report's rate and share intervals (docs/geofence.md).

        USAGE: sensorbench dev geofence-coverage <scenario> [<replications>]

        ARGUMENTS:
          <scenario> [<replications>]
                                  A geofence scenario file, then replications, 2 to 100000 (default: 200).

        OPTIONS:
          -h, --help              Show help information.
        """#
    ),
    (
        "dev geofence-recheck",
        #"""
        OVERVIEW: Re-run geofence reports' checks on fresh days beside their claims (docs/geofence.md).

        USAGE: sensorbench dev geofence-recheck <scenario>... [--days <n>]

        ARGUMENTS:
          <scenario>              Geofence scenario files.

        OPTIONS:
          --days <n>              Fresh days of each scenario's size, 1 to 10000. (default: 100)
          -h, --help              Show help information.
        """#
    ),
    (
        "dev grade-recheck",
        #"""
        OVERVIEW: Re-run the grades' ladder advice on fresh days beside their claims (docs/grading.md).

        USAGE: sensorbench dev grade-recheck <submission>... --rubric <name>|<file> [--secret <hex>] [--days <n>]

        ARGUMENTS:
          <submission>            The submissions, as `grade` takes them.

        OPTIONS:
          --rubric <name>|<file>  The rubric, as `grade` takes it. (required)
          --secret <hex>          The stream secret of the grade to check (its summary.md shows it; the shipped grades use
                                  0). (default: a fresh secret when a source team is graded, none otherwise)
          --days <n>              Further fresh days, 1 to 10000. (default: 100)
          -h, --help              Show help information.
        """#
    ),
    (
        "dev walks-level",
        #"""
        OVERVIEW: How often walks rejects a log that comes from its profile (docs/recordings.md).

        Simulates <n> logs of the walks in <log.json> (their durations and logged turning), one phone
        drawn from the profile per log (its fixed errors times --error-scale), and analyses each as
        walks does. Prints how many the calibrated comparison rejects at 5% (the level at scale 1, the
        power above) and how many the rule before the calibration rejected (either test at 5%, the
        walks taken as independent phones), with Wilson 95% intervals.

        USAGE: sensorbench dev walks-level <log.json> [--profile <name>|<file>] [--replications <n>] [--trials <n>] [--error-scale <k>] [--seed <s>] [--walk straight|loop] [--jobs <n>]

        ARGUMENTS:
          <log.json>              The walks to simulate (TurnBack's drift log).

        OPTIONS:
          --profile <name>|<file>
                                  Gyro profile: a name (profiles/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a
                                  path. (default: phone-calibrated)
          --replications <n>      Simulated logs, 10 to 100000. (default: 200)
          --trials <n>            Each analysis's simulated walks per duration (and logs). 10 to 100000. (default: 200)
          --error-scale <k>       The simulated phones' fixed errors times k, 0 to 100 (1: the level). (default: 1)
          --seed <s>              Seed of the simulation. 0 to 2^64-1. (default: 1)
          --walk straight|loop    Simulated walk for entries without logged turning: straight, or a 4-turn loop. (default:
                                  loop)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -h, --help              Show help information.
        """#
    ),
    (
        "dev device-coverage",
        #"""
        OVERVIEW: The coverage of a device study's closed-form 95% intervals (docs/recordings.md).

        USAGE: sensorbench dev device-coverage [<replications>] [--from <s>] [--jobs <n>] [--quiet]

        ARGUMENTS:
          <replications>          Simulated phones per measurement design, 2 to 100000 (default: 400).

        OPTIONS:
          --from <s>              The first phone's seed, 1 to 1000000, so that blocks of seeds can be run apart and added
                                  up. (default: 1)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev shake-recheck",
        #"""
        OVERVIEW: Re-run gesture reports' choices on fresh days beside their claims (docs/shake.md).

        USAGE: sensorbench dev shake-recheck <scenario>... [--days <n>]

        ARGUMENTS:
          <scenario>              Shake or scribble scenario files.

        OPTIONS:
          --days <n>              Fresh days of each scenario's size, 1 to 10000. (default: 200)
          -h, --help              Show help information.
        """#
    ),
    (
        "dev plan-check",
        #"""
        OVERVIEW: A profile's walking plan, its power checked with the full simulator (docs/recordings.md).

        Picks the walking plan as walks does (the closed-form drift model, 400 simulated logs) and simulates
        <n> logs of it through the drift study's trial (walk, gyro error model, heading tracker), one phone per
        log, each answered by the same time-or-turning regression. Prints both powers with their Wilson 95%
        intervals and whether the advertised 95% lies within the simulator's interval or below it, and how
        often the regression's 95% intervals of the time and turning parts held the phone's own.

        USAGE: sensorbench dev plan-check [--profile <name>|<file>] [--replications <n>] [--seed <s>] [--jobs <n>] [--quiet]

        OPTIONS:
          --profile <name>|<file>
                                  Gyro profile: a name (profiles/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a
                                  path. (default: phone-calibrated)
          --replications <n>      Simulated logs of the plan, 10 to 100000. (default: 200)
          --seed <s>              Seed of the simulation. 0 to 2^64-1. (default: 1)
          -j, --jobs <n>          Worker threads; the output is byte-identical for any value. 1 to 1024. (default: every
                                  core)
          -q, --quiet             No progress line or notes on standard error (progress shows only on a terminal; results,
                                  warnings and errors still print).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev motion-check",
        #"""
        OVERVIEW: The simulated everyday motion against MotionSense's real motion (docs/shake.md).

        USAGE: sensorbench dev motion-check [<realdata>] [--scenario <scenario>] [--write <file>]

        ARGUMENTS:
          <realdata>              The real-data folder holding motionsense-iphone6s/ (or that folder itself; default:
                                  ../shared/realdata).

        OPTIONS:
          --scenario <scenario>   The shake scenario whose sweep gives the detector settings and whose motion ranges the
                                  simulation uses. (default: Scenarios/shake-everyday.json)
          --write <file>          Also write the real side as a motion reference (derived statistics only) with the firings
                                  of every setting of every shake scenario in the scenario's folder, for the shake reports
                                  to compare with (Scenarios/reference/motion-reference.json).
          -h, --help              Show help information.
        """#
    ),
    (
        "dev write-labelled-samples",
        #"""
        OVERVIEW: Regenerate the synthetic labelled recordings of Scenarios/recordings/labelled.

        USAGE: sensorbench dev write-labelled-samples <dir>

        ARGUMENTS:
          <dir>                   The folder to write them into.

        OPTIONS:
          -h, --help              Show help information.
        """#
    ),
]
