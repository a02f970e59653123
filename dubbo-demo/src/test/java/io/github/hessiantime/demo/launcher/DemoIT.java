package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.consumer.Payload;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the demo end to end as demo.sh does (a Launcher JVM on the module's runtime classpath, which starts ZooKeeper,
 * two provider JVMs and the consumer) and judges the {@link Summary} it writes: which serialization the frame headers
 * carried per route, that every value came back equal, that the bytes add up, and what the hessian2Time QoS command
 * answered on the new provider and on the consumer; that its output has no stack trace and no warning; and that no
 * process it started outlives it, also when it is stopped midway.
 */
class DemoIT {

    private static final Path WORK = Paths.get(System.getProperty("demo.work"));
    private static final String NEW = "new-provider";
    private static final String OLD = "old-provider";

    @Test
    void demoNegotiatesHessian2TimeWithTheNewProviderAndFallsBackToHessian2WithTheOldOne() throws Exception {
        Path summaryFile = WORK.resolve("summary.json");
        Files.deleteIfExists(summaryFile);

        Run run = runLauncher("demo", 180, "--summary=" + summaryFile, "--logs=" + WORK.resolve("logs"));

        assertEquals(0, run.exitStatus, "exit status; output:\n" + run.output);
        Summary summary = Summary.read(summaryFile);
        assertNull(summary.error(), run.output);
        assertEquals(2, summary.providers().size(), run.output);
        assertNoneOutlivesTheLauncher(summary.providers().stream().map(Summary.Provider::pid)
                .collect(Collectors.toList()));

        // negotiated formats, as read from the frame headers on the wire
        assertEquals(List.of("hessian2-time"), summary.route(NEW).serializations());
        assertEquals(List.of("hessian2"), summary.route(OLD).serializations());
        // the old provider really could not load hessian-time, the new one could; both bound loopback only
        for (Summary.Provider provider : summary.providers()) {
            assertEquals(provider.label().equals(NEW), provider.hessianTimeOnClasspath(), provider.toString());
            assertEquals("2130706433", provider.host(), provider.toString());
        }

        // every value came back equal, and the wiretap saw exactly one request per call
        int checkCalls = 200 * Payload.values().length;
        assertEquals(2L * checkCalls, summary.calls());
        assertEquals(0, summary.different());
        assertEquals(0, summary.failed());
        for (String route : List.of(NEW, OLD)) {
            assertEquals(checkCalls, summary.route(route).requestFrames(), route);
        }

        // java.time DTOs are smaller in hessian2-time than in the old provider's hessian2; java.util.Date is already
        // compact in hessian2 and the same in both
        for (Payload payload : List.of(Payload.ORDER, Payload.LOCAL_DATE_TIME_DTO)) {
            double compact = requestBytes(summary, NEW, payload);
            double plain = requestBytes(summary, OLD, payload);
            assertTrue(compact < 0.8 * plain, payload + ": hessian2-time " + compact + " vs hessian2 " + plain);
        }
        double datesPlain = requestBytes(summary, OLD, Payload.DATE_DTO);
        assertEquals(datesPlain, requestBytes(summary, NEW, Payload.DATE_DTO), datesPlain / 100);

        // what an operator sees: the QoS command of the new provider and of the consumer
        assertEquals(2, summary.qos().size(), summary.qos().toString());
        String provided = qos(summary, NEW);
        assertTrue(provided.contains("hessian2-time: available"), provided);
        assertTrue(Pattern.compile("\\|\\s*" + NEW + "-\\d+/" + OrderService.class.getName()
                + "\\s*\\|\\s*dubbo\\s*\\|\\s*offered\\s*\\|\\s*hessian2-time,hessian2\\s*\\|\\s*hessian2-time="
                + checkCalls + "\\s*\\|").matcher(provided).find(), provided);
        String consumed = qos(summary, "consumer");
        for (String provider : List.of(NEW, OLD)) {
            String format = provider.equals(NEW) ? "hessian2-time" : "hessian2";
            assertTrue(Pattern.compile("\\|\\s*" + provider + "-\\d+/" + OrderService.class.getName()
                    + "\\s*\\|\\s*2130706433:\\d+\\s*\\|\\s*dubbo\\s*\\|[^|]*\\|\\s*" + format + "\\s*\\|\\s*"
                    + format + "=" + checkCalls + "\\s*\\|").matcher(consumed).find(), provider + ":\n" + consumed);
        }
        assertTrue(run.output.contains(provided) && run.output.contains(consumed), "printed:\n" + run.output);

        // a clean run and a clean stop: no stack trace, no warning, nothing about a measured speed
        assertFalse(run.output.contains("Exception") || run.output.contains("WARN"), run.output);
        assertFalse(run.output.contains("calls/s"), run.output);

        String expectedThreads = Runtime.version().feature() >= 21 ? "virtual" : "platform";
        assertEquals(expectedThreads, summary.callThreads());
    }

    @Test
    void demoExitsWithStatus1AndSaysWhyWhenTheRegistryIsUnreachable() throws Exception {
        Path summaryFile = WORK.resolve("unreachable-summary.json");
        Files.deleteIfExists(summaryFile);

        // nothing listens on port 1 on loopback
        Run run = runLauncher("unreachable", 60, "--zookeeper=127.0.0.1:1", "--summary=" + summaryFile,
                "--logs=" + WORK.resolve("unreachable-logs"));

        assertEquals(1, run.exitStatus, run.output);
        Summary summary = Summary.read(summaryFile);
        assertTrue(summary.error().startsWith("cannot reach the ZooKeeper at '127.0.0.1:1'"), summary.error());
        assertTrue(run.output.contains(summary.error()), "the console says why:\n" + run.output);
        assertEquals(List.of(), summary.providers());
    }

    @Test
    void stoppingTheDemoMidwayStopsEveryProcessItStarted() throws Exception {
        Process launcher = startLauncher("--logs=" + WORK.resolve("stopped-logs"));
        Output output = new Output(launcher, "[4/5");
        List<Long> providers;
        try {
            assertTrue(output.marker.get(120, TimeUnit.SECONDS), "never got to the calls:\n" + output.text());
            // the launcher's child JVMs are the two providers
            providers = launcher.descendants().map(ProcessHandle::pid).collect(Collectors.toList());
            assertEquals(2, providers.size(), "two providers started:\n" + output.text());

            // SIGTERM, as Ctrl-C or a process manager would stop it (through the handle: Process.destroy would also
            // close our end of its output, which is still to be read)
            launcher.toHandle().destroy();

            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher did not stop");
            output.end.get(10, TimeUnit.SECONDS);
        } finally {
            if (launcher.isAlive()) { // destroying also closes its output, so only when it hangs
                launcher.destroyForcibly();
            }
        }
        String text = output.text();
        assertEquals(143, launcher.exitValue(), text); // 128 + SIGTERM
        assertTrue(text.contains("interrupted: stopping every process the demo started"), text);
        assertNoneOutlivesTheLauncher(providers);
    }

    private static String qos(Summary summary, String jvm) {
        return summary.qos().entrySet().stream().filter(entry -> entry.getKey().startsWith(jvm + " "))
                .map(Map.Entry::getValue).findFirst().orElseThrow(() -> new AssertionError(jvm + ": " + summary.qos()));
    }

    private static double requestBytes(Summary summary, String route, Payload payload) {
        return summary.route(route).bytesPerCall().get(payload).request();
    }

    /** Waits (up to 10 s) for each process to end; any still alive is killed and the test fails. */
    private static void assertNoneOutlivesTheLauncher(List<Long> pids) throws InterruptedException {
        List<Long> alive = new ArrayList<>();
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(process -> {
                try {
                    process.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception stillRunning) {
                    alive.add(pid);
                    process.destroyForcibly();
                }
            });
        }
        assertEquals(List.of(), alive, "provider processes left running");
    }

    private record Run(int exitStatus, String output) {
    }

    /** The launcher's console output, collected as it comes; {@code marker} completes at the first line with it. */
    private static final class Output {
        final StringBuffer lines = new StringBuffer();
        final CompletableFuture<Boolean> marker = new CompletableFuture<>();
        final CompletableFuture<Void> end = new CompletableFuture<>();

        Output(Process process, String markerText) {
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        lines.append(line).append('\n');
                        if (markerText != null && line.contains(markerText)) {
                            marker.complete(true);
                        }
                    }
                } catch (IOException e) {
                    lines.append("(output unreadable: ").append(e).append(")\n");
                } finally {
                    marker.complete(false);
                    end.complete(null);
                }
            }, "launcher-output");
            reader.setDaemon(true);
            reader.start();
        }

        String text() {
            return lines.toString();
        }
    }

    private static Process startLauncher(String... options) throws IOException {
        Files.createDirectories(WORK);
        String classpath = System.getProperty("demo.classes") + java.io.File.pathSeparator
                + Files.readString(Paths.get(System.getProperty("demo.classpathFile"))).trim();
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                Launcher.class.getName()));
        command.addAll(List.of(options));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static Run runLauncher(String name, int timeoutSeconds, String... options) throws Exception {
        Process launcher = startLauncher(options);
        Output output = new Output(launcher, null);
        try {
            assertTrue(launcher.waitFor(timeoutSeconds, TimeUnit.SECONDS), "the demo did not finish within "
                    + timeoutSeconds + " s; output so far:\n" + output.text());
            output.end.get(10, TimeUnit.SECONDS);
        } finally {
            if (launcher.isAlive()) {
                // SIGTERM: the launcher's shutdown hook stops the providers and ZooKeeper it started
                launcher.destroy();
                if (!launcher.waitFor(30, TimeUnit.SECONDS)) {
                    launcher.destroyForcibly();
                }
            }
        }
        Files.writeString(WORK.resolve(name + "-output.txt"), output.text());
        return new Run(launcher.exitValue(), output.text());
    }
}
