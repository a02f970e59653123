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
 * serialization the wire carried per provider, that every value came back equal, and that the bytes add up.
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

    private record Run(int exitStatus, String output) {
    }

    private static Run runLauncher(String name, int timeoutSeconds, String... options) throws Exception {
        Files.createDirectories(WORK);
        String classpath = System.getProperty("demo.classes") + java.io.File.pathSeparator
                + Files.readString(Paths.get(System.getProperty("demo.classpathFile"))).trim();
        List<String> command = new java.util.ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                Launcher.class.getName()));
        command.addAll(List.of(options));
        Path output = WORK.resolve(name + "-output.txt");
        Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .start();
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
        return new Run(launcher.exitValue(), text);
    }
}
