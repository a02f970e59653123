package io.github.hessiantime.bench;

import io.github.hessiantime.bench.clock.ClockBenchmark;
import io.github.hessiantime.bench.format.DateFormatBenchmark;
import io.github.hessiantime.bench.report.ProfileBreakdown;
import io.github.hessiantime.bench.report.ReportWriter;
import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.bench.serialization.DubboPageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.HessianLiteCompactModeBenchmark;
import io.github.hessiantime.bench.serialization.PageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.PairedRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.SerializationBenchmark;
import io.github.hessiantime.bench.serialization.WireSizes;
import io.github.hessiantime.bench.rpc.RpcBenchmark;
import io.github.hessiantime.bench.values.PageValuesBenchmark;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Proves every JMH benchmark runs (one 50 ms iteration each, no warm-up), and so do the RPC benchmark and the tools
 * that turn results into the report. It asserts that each benchmark produced a result, never how fast it was
 * (benchmarks are not timed tests).
 */
class BenchmarksSmokeTest {

    private static ChainedOptionsBuilder oneShortIteration(Class<?> benchmark) {
        return new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getCanonicalName()) + "\\.\\w+$")
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .shouldFailOnError(true)
                .verbosity(org.openjdk.jmh.runner.options.VerboseMode.SILENT);
    }

    private static void runsEveryMethod(ChainedOptionsBuilder options, int expectedRuns) throws RunnerException {
        Collection<RunResult> results = new Runner(options.build()).run();
        assertEquals(expectedRuns, results.size());
        for (RunResult result : results) {
            assertTrue(result.getPrimaryResult().getScore() > 0, result.getParams().getBenchmark());
        }
    }

    /** Each benchmark class run in this JVM, and how many runs it has: its methods times its parameter values. */
    static Stream<Arguments> benchmarksInThisJvm() {
        return Stream.of(
                arguments(SerializationBenchmark.class, 45),            // 3 operations x 5 value sets x 3 serializers
                arguments(PairedRoundTripBenchmark.class, 8),
                arguments(DateFormatBenchmark.class, 6),
                arguments(DateFormatBenchmark.Contended.class, 6),
                arguments(PageRoundTripBenchmark.class, 15),            // 3 pages x 5 serializers
                arguments(PairedPageRoundTripBenchmark.class, 9),
                // through Dubbo's own Serialization extensions: hessian2-time from this class path, fastjson2 from
                // Dubbo's jar, and the DTOs allowed by this module's security/serialize.allowlist
                arguments(DubboPageRoundTripBenchmark.class, 14),
                arguments(PageValuesBenchmark.class, 6),                // 2 operations x 3 pages
                arguments(ClockBenchmark.class, 5),
                arguments(ClockBenchmark.Contended.class, 5));
    }

    @ParameterizedTest
    @MethodSource("benchmarksInThisJvm")
    void runsEveryMethod(Class<?> benchmark, int expectedRuns) throws RunnerException {
        runsEveryMethod(oneShortIteration(benchmark).forks(0), expectedRuns);
    }

    @Test
    void dubboPagesOfOneAndTwoThousandRows() throws RunnerException {
        // run.sh sizes: the page sizes beside the default 20, in the three serializations
        runsEveryMethod(oneShortIteration(DubboPageRoundTripBenchmark.class).forks(0).param("rows", "1", "2000")
                .param("pair", "instantMillis:hessian2-time/date:hessian2", "instantMillis:hessian2/date:hessian2",
                        "instantMillis:fastjson2/date:hessian2"), 6);
        assertEquals(1, Fixtures.pageByName("instantMillis", 1).getRows().size());
        assertEquals(2000, Fixtures.pageByName("date", 2000).getRows().size());
        assertEquals(Fixtures.localDateTimePage(), Fixtures.pageByName("localDateTime", Fixtures.PAGE_ROWS));
        assertEquals(Fixtures.instantMicrosPage(), Fixtures.pageByName("instantMicros"));
    }

    @Test
    void hessianLiteCompactModeInItsOwnFork() throws RunnerException {
        // A real fork: it proves the class's -D flag reaches the forked JVM (its setup refuses to run without it).
        runsEveryMethod(oneShortIteration(HessianLiteCompactModeBenchmark.class).forks(1).param("value", "localDateTime"), 3);
    }

    @Test
    void rpcBenchmarkRunsEveryDtoInEveryFormatOverLoopback(@TempDir Path dir) throws Exception {
        // A provider JVM, this JVM as consumer, a few calls per case: it proves the RPC benchmark works end to end,
        // and the provider's counts prove which format each service really used.
        Path out = dir.resolve("rpc.json");
        RpcBenchmark.run(out, 40, 10, 2, 1, RpcBenchmark.ALL_DTOS);
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        int callsPerService = 50 * RpcBenchmark.ALL_DTOS.size();
        assertEquals(callsPerService, json.at("/providerReceived/hessian2-time hessian2-time").asInt(), json.toString());
        assertEquals(callsPerService, json.at("/providerReceived/hessian2 hessian2").asInt(), json.toString());
        assertEquals(callsPerService, json.at("/providerReceived/fastjson2 fastjson2").asInt(), json.toString());
        // over Triple, the pages: the provider counts the serialization named in each request's wrapper, as
        // hessian-time's provider read it (the Serialization extension name: hessian2 is hessian4 on the wire)
        int callsPerTripleService = 50 * RpcBenchmark.TRIPLE_DTOS.size();
        assertEquals(callsPerTripleService, json.at("/providerReceived/tri-hessian2-time hessian2-time").asInt(),
                json.toString());
        assertEquals(callsPerTripleService, json.at("/providerReceived/tri-hessian2 hessian2").asInt(), json.toString());
        assertEquals(callsPerTripleService, json.at("/providerReceived/tri-fastjson2 fastjson2").asInt(),
                json.toString());
        assertEquals(3 * RpcBenchmark.ALL_DTOS.size() + 3 * RpcBenchmark.TRIPLE_DTOS.size(), json.get("cases").size());
        for (JsonNode c : json.get("cases")) {
            assertEquals(40, c.get("calls").asInt(), c.toString());
            assertTrue(c.get("callsPerSecond").asDouble() > 0, c.toString());
        }
    }

    @Test
    void wireSizesCountThePages(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("wire-sizes.json");
        WireSizes.main(new String[]{out.toString(), "hessianLite", "hessianTimeCompact", "dubbo:hessian2",
                "dubbo:fastjson2"});
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        assertTrue(json.get("hessianLiteVersion").asText().matches("\\d+\\.\\d+\\.\\d+.*"), json.toString());
        Map<String, Integer> pageBytes = new HashMap<>();
        for (JsonNode page : json.get("pages")) {
            pageBytes.put(page.get("page").asText() + " " + page.get("serializer").asText(), page.get("bytes").asInt());
        }
        // hessian-time leaves Dates alone, and its compact Instant page is smaller than stock's.
        assertEquals(pageBytes.get("date hessianLite"), pageBytes.get("date hessianTimeCompact"), pageBytes.toString());
        assertTrue(pageBytes.get("instant hessianTimeCompact") < pageBytes.get("instant hessianLite"), pageBytes.toString());
        // Dubbo's hessian2 message body is hessian-lite's stream: the same bytes for the same Date page.
        assertEquals(pageBytes.get("date hessianLite"), pageBytes.get("date dubbo:hessian2"), pageBytes.toString());
        assertTrue(pageBytes.get("instantMicros dubbo:fastjson2") > 0, pageBytes.toString());
    }

    @Test
    void reportWriterTurnsTheCommittedResultsIntoTheReport(@TempDir Path dir) throws Exception {
        // Surefire runs in the module directory, where the committed results are.
        ReportWriter.main(new String[]{"results", dir.toString()});
        String report = Files.readString(dir.resolve("benchmarks.md"));
        assertTrue(report.contains("## Pages: 20 rows × 5 time fields"), report);
        assertTrue(report.contains("| Instant page, hessian-time compact ≥ 1.0× Date page, stock hessian-lite | "), report);
        assertTrue(report.contains("### hessian2-time or fastjson2?"), report);
        // the committed report is this one: hand edits belong in benchmarks/analysis.md, which the writer appends
        assertEquals(Files.readString(Paths.get("../docs/benchmarks.md")), report,
                "docs/benchmarks.md differs from what ReportWriter makes of benchmarks/results and benchmarks/analysis.md");
        for (String chart : List.of("page-round-trip.svg", "paired-page-round-trip.svg", "rpc-page-throughput.svg")) {
            String svg = Files.readString(dir.resolve("benchmarks").resolve(chart));
            assertTrue(svg.contains("<svg") && svg.contains("<text"), chart);
        }
    }

    @Test
    void profileBreakdownSplitsTheCommittedProfile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("breakdown.txt");
        ProfileBreakdown.main(new String[]{"--jmh", "results/profile/jmh.json", "--profiles", "results/profile",
                "--out", out.toString()});
        String breakdown = Files.readString(out);
        assertTrue(breakdown.contains("== instantMillis:hessian2-time/date:hessian2, 20 rows"), breakdown);
        assertTrue(breakdown.contains("write: reference slot (Hessian2Output.addRef)"), breakdown);
        // the committed profile is of inline fields: their own categories hold samples
        assertTrue(breakdown.matches("(?s).*read: inline field values \\(InlineValue.read\\) +[1-9][0-9,]* ns.*"), breakdown);
    }
}
