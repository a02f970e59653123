package io.github.hessiantime.testsupport;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM driven by the one line protocol of {@link ChildProtocol}: the child writes protocol lines to stdout
 * prefixed {@value ChildProtocol#PREFIX} (its first one is the ready line), reads one command per stdin line and
 * answers each with exactly one protocol line starting {@code OK} or {@code FAIL}. Every other output line is log.
 *
 * <pre>{@code
 * try (ChildJvm peer = ChildJvm.launch("io.example.PeerMain").classpath(cp).jvmArgs("-Xmx256m")
 *         .args("peer-a").log(logFile).start("peer-a")) {
 *     Answer ready = peer.awaitLine(60_000);           // the ready line, e.g. "OK started port=20880"
 *     Answer answer = peer.ok("check 3", 60_000);       // fails unless the answer starts with OK
 *     long calls = answer.longValue("calls");
 *     peer.exit("exit", 30_000);                        // a graceful stop; close() always destroys
 * }
 * }</pre>
 *
 * Processes are always ended: by {@link #close()}, and by a shutdown hook if the test JVM itself goes away.
 */
public final class ChildJvm implements AutoCloseable {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Process process : LIVE) {
                process.destroyForcibly();
            }
        }, "child-jvm-reaper"));
    }

    private final String name;
    private final Process process;
    private final PrintWriter commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<String>();
    private final String logHint;

    private ChildJvm(String name, Process process, Path log, boolean echo) {
        this.name = name;
        this.process = process;
        this.logHint = log != null ? " (log: " + log + ")" : "";
        this.commands = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8),
                true);
        Thread reader = new Thread(() -> readOutput(log, echo), "child-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts describing a child JVM that runs {@code mainClass}. */
    public static Launch launch(String mainClass) {
        return new Launch(mainClass);
    }

    public String name() {
        return name;
    }

    /** The next protocol line (without the prefix); fails if none comes in time or the child exits first. */
    public Answer awaitLine(long timeoutMillis) throws InterruptedException {
        String line = lines.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError(name + ": no protocol line within " + timeoutMillis + " ms" + logHint);
        }
        return new Answer(line);
    }

    /** Sends one command and returns its answer, whatever it is. */
    public Answer send(String command, long timeoutMillis) throws InterruptedException {
        commands.println(command);
        if (commands.checkError()) {
            throw new AssertionError(name + ": cannot send '" + command + "', the child is gone" + logHint);
        }
        return awaitLine(timeoutMillis);
    }

    /** Sends one command; its answer must start with OK. */
    public Answer ok(String command, long timeoutMillis) throws InterruptedException {
        Answer answer = send(command, timeoutMillis);
        if (!answer.ok()) {
            throw new AssertionError(name + ": '" + command + "' answered " + answer + logHint);
        }
        return answer;
    }

    /** Sends {@code exitCommand} (answered OK), then waits for the process to end; returns its exit code. */
    public int exit(String exitCommand, long timeoutMillis) throws InterruptedException {
        ok(exitCommand, timeoutMillis);
        return awaitExit(timeoutMillis);
    }

    /** Waits for the process to end by itself; returns its exit code. */
    public int awaitExit(long timeoutMillis) throws InterruptedException {
        if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not exit within " + timeoutMillis + " ms" + logHint);
        }
        return process.exitValue();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void readOutput(Path log, boolean echo) {
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer logWriter = log != null ? Files.newBufferedWriter(log, StandardCharsets.UTF_8) : null) {
            for (String line; (line = output.readLine()) != null; ) {
                if (logWriter != null) {
                    logWriter.write(line);
                    logWriter.write('\n');
                }
                if (echo) {
                    System.out.println("[" + name + "] " + line);
                }
                if (line.startsWith(ChildProtocol.PREFIX)) {
                    if (logWriter != null) {
                        logWriter.flush();
                    }
                    lines.add(line.substring(ChildProtocol.PREFIX.length()));
                }
            }
        } catch (IOException e) {
            lines.add("FAIL output of " + name + " unreadable: " + e);
        }
        lines.add("FAIL " + name + " exited");
    }

    /** Ends the process: politely (stdin closed, destroy), then forcibly after 5 s. Idempotent. */
    @Override
    public void close() {
        try {
            commands.close();
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            LIVE.remove(process);
        }
    }

    @Override
    public String toString() {
        return name;
    }

    /** One protocol line: {@code OK|FAIL} then free text, in which {@code key=value} words can be read. */
    public static final class Answer {
        private final String line;

        Answer(String line) {
            this.line = line;
        }

        public boolean ok() {
            return line.startsWith("OK");
        }

        public String line() {
            return line;
        }

        /** The {@code key=value} words of the line, in order. */
        public Map<String, String> values() {
            Map<String, String> values = new LinkedHashMap<String, String>();
            for (String word : line.split("\\s+")) {
                int equals = word.indexOf('=');
                if (equals > 0) {
                    values.put(word.substring(0, equals), word.substring(equals + 1));
                }
            }
            return values;
        }

        public String value(String key) {
            String value = values().get(key);
            if (value == null) {
                throw new AssertionError("no " + key + "= in '" + line + "'");
            }
            return value;
        }

        public long longValue(String key) {
            return Long.parseLong(value(key));
        }

        @Override
        public String toString() {
            return line;
        }
    }

    /** What to start: main class, class path, JVM options, arguments, environment, where output goes. */
    public static final class Launch {
        private final String mainClass;
        private String classpath = System.getProperty("java.class.path");
        private String javaHome = System.getProperty("java.home");
        private final List<String> jvmArgs = new ArrayList<String>();
        private final List<String> args = new ArrayList<String>();
        private final Map<String, String> environment = new LinkedHashMap<String, String>();
        private Path log;
        private boolean echo;

        private Launch(String mainClass) {
            this.mainClass = mainClass;
        }

        /** Default: this JVM's class path. */
        public Launch classpath(String classpath) {
            this.classpath = classpath;
            return this;
        }

        public Launch classpath(List<Path> entries) {
            List<String> parts = new ArrayList<String>();
            for (Path entry : entries) {
                parts.add(entry.toString());
            }
            return classpath(String.join(File.pathSeparator, parts));
        }

        /** Default: the JDK running this JVM. */
        public Launch javaHome(String javaHome) {
            this.javaHome = javaHome;
            return this;
        }

        public Launch jvmArgs(String... options) {
            return jvmArgs(Arrays.asList(options));
        }

        public Launch jvmArgs(List<String> options) {
            jvmArgs.addAll(options);
            return this;
        }

        public Launch args(String... arguments) {
            args.addAll(Arrays.asList(arguments));
            return this;
        }

        public Launch env(String key, String value) {
            environment.put(key, value);
            return this;
        }

        /** Writes every output line (stdout and stderr merged) to {@code file}. Default: nowhere. */
        public Launch log(Path file) {
            this.log = file;
            return this;
        }

        /** Also prints every output line, prefixed with the child's name, on this JVM's stdout. */
        public Launch echo() {
            this.echo = true;
            return this;
        }

        /** The full command line, for messages. */
        public List<String> command() {
            List<String> command = new ArrayList<String>();
            command.add(new File(new File(javaHome, "bin"), "java").getPath());
            command.addAll(jvmArgs);
            command.add("-cp");
            command.add(classpath);
            command.add(mainClass);
            command.addAll(args);
            return Collections.unmodifiableList(command);
        }

        /** Starts the process; use {@link #awaitLine} for its ready line. */
        public ChildJvm start(String name) throws IOException {
            if (log != null && log.getParent() != null) {
                Files.createDirectories(log.getParent());
            }
            ProcessBuilder builder = new ProcessBuilder(command()).redirectErrorStream(true);
            builder.environment().putAll(environment);
            Process process = builder.start();
            LIVE.add(process);
            return new ChildJvm(name, process, log, echo);
        }
    }
}
