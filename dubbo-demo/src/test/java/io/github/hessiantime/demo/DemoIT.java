package io.github.hessiantime.demo;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs the demo end to end exactly as the README does (a Launcher JVM on the module's runtime classpath, which
 * starts ZooKeeper, two provider JVMs and the consumer) and checks its exit status and the summary it writes: which
 * serialization the wire carried per provider, that every value came back equal, and that the bytes add up; and that
 * no process it started outlives it, also when it is stopped midway.
 */
class DemoIT {

    private static final Path WORK = Paths.get(System.getProperty("demo.work"));

    @Test
    void demoNegotiatesHessian2TimeWithTheNewProviderAndFallsBackToHessian2WithTheOldOne() throws Exception {
        Path summaryFile = WORK.resolve("summary.properties");
        Files.deleteIfExists(summaryFile);

        Run run = runLauncher("demo", 180, "--calls=300", "--summary=" + summaryFile, "--logs=" + WORK.resolve("logs"));

        assertEquals(0, run.exitStatus, "exit status; output:\n" + run.output);
        assertTrue(run.output.contains("RESULT: PASS"), run.output);
        assertEquals(2, providerPids(run.output).size(), "two provider JVMs (both are gone, checked in runLauncher)");
        Properties summary = load(summaryFile);
        assertEquals("PASS", summary.getProperty("result"), summary.toString());

        // negotiated formats, as read from the frame headers on the wire
        assertEquals("hessian2-time", summary.getProperty("new-provider.negotiated"));
        assertEquals("hessian2", summary.getProperty("old-provider.negotiated"));
        assertEquals("hessian2", summary.getProperty("route.new-provider.hessian2-only.serialization"));
        // the old provider really could not load hessian-time, the new one could
        assertEquals("false", summary.getProperty("old-provider.hessian-time-on-classpath"));
        assertEquals("true", summary.getProperty("new-provider.hessian-time-on-classpath"));

        long calls = Long.parseLong(summary.getProperty("calls"));
        assertTrue(calls >= 3 * 3 * 200 + 4 * 4 * 300, "calls made: " + calls);
        assertEquals("0", summary.getProperty("calls.different"));
        assertEquals("0", summary.getProperty("calls.failed"));

        // java.time DTOs are smaller in hessian2-time; java.util.Date is already compact in hessian2 and unchanged
        for (String payload : List.of("ORDER", "LOCAL_DATE_TIME_DTO")) {
            double compact = bytes(summary, "new-provider", payload);
            double plain = bytes(summary, "new-provider.hessian2-only", payload);
            assertTrue(compact < 0.8 * plain, payload + ": hessian2-time " + compact + " vs hessian2 " + plain);
        }
        double datesPlain = bytes(summary, "new-provider.hessian2-only", "DATE_DTO");
        assertEquals(datesPlain, bytes(summary, "new-provider", "DATE_DTO"), datesPlain / 100);
        // the old provider's hessian2 is the same format as the new provider's hessian2
        assertEquals(bytes(summary, "new-provider.hessian2-only", "ORDER"), bytes(summary, "old-provider", "ORDER"),
                2.0);

        for (String key : List.of("DATE_DTO.hessian2", "DATE_DTO.hessian2-time", "LOCAL_DATE_TIME_DTO.hessian2",
                "LOCAL_DATE_TIME_DTO.hessian2-time")) {
            assertTrue(Double.parseDouble(summary.getProperty("throughput." + key)) > 0, key);
        }
        String expectedThreads = Runtime.version().feature() >= 21 ? "virtual" : "platform";
        assertEquals(expectedThreads, summary.getProperty("call-threads"));
    }

    @Test
    void demoFailsWithNonZeroStatusWhenTheRegistryIsUnreachable() throws Exception {
        Path summaryFile = WORK.resolve("unreachable-summary.properties");
        Files.deleteIfExists(summaryFile);

        // nothing listens on port 1 on loopback
        Run run = runLauncher("unreachable", 60, "--zookeeper=127.0.0.1:1", "--summary=" + summaryFile,
                "--logs=" + WORK.resolve("unreachable-logs"));

        assertEquals(1, run.exitStatus, run.output);
        assertTrue(run.output.contains("cannot reach the ZooKeeper at '127.0.0.1:1'"), run.output);
        assertEquals("FAIL", load(summaryFile).getProperty("result"));
    }

    private static double bytes(Properties summary, String route, String payload) {
        String value = summary.getProperty("bytes." + route + "." + payload + ".request");
        if (value == null) {
            fail("no bytes for " + route + " " + payload + " in " + summary);
        }
        return Double.parseDouble(value);
    }

    private static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        }
        return properties;
    }

    @Test
    void stoppingTheDemoMidwayStopsEveryProcessItStarted() throws Exception {
        Path summaryFile = WORK.resolve("stopped-summary.properties");
        Files.deleteIfExists(summaryFile);
        Path output = WORK.resolve("stopped-output.txt");
        Process launcher = startLauncher(output, "--summary=" + summaryFile, "--logs=" + WORK.resolve("stopped-logs"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(output).contains("[4/5") && launcher.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertTrue(Files.readString(output).contains("[4/5"), "never got to the calls:\n" + Files.readString(output));
            List<Long> providers = providerPids(Files.readString(output));
            assertEquals(2, providers.size(), "two providers started:\n" + Files.readString(output));
            assertEquals(providers, alive(providers), "both providers run before the stop");

            launcher.destroy(); // SIGTERM, as Ctrl-C or a process manager would stop it

            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher did not stop");
        } finally {
            launcher.destroyForcibly();
        }
        String text = Files.readString(output);
        System.out.println(text);
        assertEquals(143, launcher.exitValue(), text); // 128 + SIGTERM
        assertTrue(text.contains("interrupted: stopping every process the demo started"), text);
        assertTrue(text.lines().noneMatch(line -> line.startsWith("RESULT: PASS")), text);
        assertNoneOutlivesTheLauncher(providerPids(text));
    }

    /** The provider JVMs named in the launcher's output (their ready lines carry their pid). */
    private static List<Long> providerPids(String output) {
        java.util.regex.Matcher pid = java.util.regex.Pattern.compile("provider-\\d+ pid=(\\d+) ").matcher(output);
        List<Long> pids = new java.util.ArrayList<>();
        while (pid.find()) {
            pids.add(Long.parseLong(pid.group(1)));
        }
        return pids;
    }

    private static void assertNoneOutlivesTheLauncher(List<Long> providerPids) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<Long> alive = alive(providerPids);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
            alive = alive(providerPids);
        }
        alive.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        assertEquals(List.of(), alive, "provider processes left running");
    }

    private static List<Long> alive(List<Long> pids) {
        return pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .collect(java.util.stream.Collectors.toList());
    }

    private record Run(int exitStatus, String output) {
    }

    private static Process startLauncher(Path output, String... options) throws IOException {
        Files.createDirectories(WORK);
        String classpath = System.getProperty("demo.classes") + java.io.File.pathSeparator
                + Files.readString(Paths.get(System.getProperty("demo.classpathFile"))).trim();
        List<String> command = new java.util.ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                Launcher.class.getName()));
        command.addAll(List.of(options));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private static Run runLauncher(String name, int timeoutSeconds, String... options) throws Exception {
        Path output = WORK.resolve(name + "-output.txt");
        Process launcher = startLauncher(output, options);
        try {
            if (!launcher.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                fail("the demo did not finish within " + timeoutSeconds + " s; output so far:\n"
                        + Files.readString(output));
            }
        } finally {
            // SIGTERM: the launcher's shutdown hook stops the providers and ZooKeeper it started
            launcher.destroy();
            if (!launcher.waitFor(30, TimeUnit.SECONDS)) {
                launcher.destroyForcibly();
            }
        }
        String text = Files.readString(output);
        System.out.println(text);
        assertNoneOutlivesTheLauncher(providerPids(text));
        return new Run(launcher.exitValue(), text);
    }
}
