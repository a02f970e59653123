package io.github.hessiantime.demo.launcher;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The launcher's command line: {@code --zookeeper=host:port --summary=file.json --logs=dir}.
 *
 * @param zookeeper       an external ZooKeeper, or null for the embedded one
 * @param summaryFile     where to write the JSON summary, or null for none
 * @param logs            the providers' log directory (created; a new temporary one without {@code --logs})
 */
record LauncherOptions(String zookeeper, Path summaryFile, Path logs) {

    static LauncherOptions parse(String[] args) throws OptionException, IOException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> zookeeper = parser.accepts("zookeeper").withRequiredArg();
        OptionSpec<String> summary = parser.accepts("summary").withRequiredArg();
        OptionSpec<String> logs = parser.accepts("logs").withRequiredArg();
        OptionSet options = parser.parse(args);
        return new LauncherOptions(options.valueOf(zookeeper),
                options.has(summary) ? Paths.get(options.valueOf(summary)).toAbsolutePath() : null,
                options.has(logs) ? Files.createDirectories(Paths.get(options.valueOf(logs))).toAbsolutePath()
                        : Files.createTempDirectory("hessian-time-demo-"));
    }
}
