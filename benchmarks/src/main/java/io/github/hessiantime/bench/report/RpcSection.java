package io.github.hessiantime.bench.report;

import io.github.hessiantime.bench.report.Results.RpcCase;
import io.github.hessiantime.bench.report.Results.RpcRun;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.github.hessiantime.bench.report.Markdown.micros;
import static io.github.hessiantime.bench.report.Markdown.ops;
import static io.github.hessiantime.bench.report.Markdown.ratio;

/**
 * One RPC run ({@code RpcBenchmark}) on one protocol: a row per case against the base DTO over hessian2 on the same
 * protocol, and its two charts.
 */
final class RpcSection {

    /** The group prefix of the cases over Triple (RpcProvider.TRIPLE). */
    static final String TRIPLE = "tri-";

    private RpcSection() {
    }

    static void write(Markdown md, RpcRun rpc, String heading, String baseDto, String chartPrefix, List<String> dtos) {
        write(md, rpc, heading, baseDto, chartPrefix, dtos, "");
    }

    /**
     * The cases whose service group starts with {@code protocolPrefix} ("" for the dubbo protocol, {@link #TRIPLE}),
     * against the base DTO over that protocol's hessian2 service.
     */
    static void write(Markdown md, RpcRun rpc, String heading, String baseDto, String chartPrefix, List<String> dtos,
                      String protocolPrefix) {
        if (rpc == null || rpc.find(protocolPrefix + "hessian2", baseDto) == null) {
            return;
        }
        boolean triple = protocolPrefix.equals(TRIPLE);
        md.line("## " + heading + ": Dubbo " + (rpc.dubboVersion() == null ? "(version not recorded)" : rpc.dubboVersion())
                + " provider and consumer in two JVMs on loopback");
        md.line("");
        md.line(String.format(Locale.ROOT, "`RpcBenchmark` (consumer) starts `RpcProvider` in a second JVM. Each case makes"
                        + " %d synchronous echo calls (the DTO goes both ways) from %d threads after %d warm-up calls, in"
                        + " %d interleaved rounds; latency per call in an HdrHistogram. Consumer JVM: %s, %d cores"
                        + " shared by both JVMs and the load threads.",
                rpc.callsPerCase(), rpc.threads(), rpc.warmupCallsPerCase(), rpc.rounds(), rpc.jvm(),
                rpc.availableProcessors()));
        md.line("");
        if (triple) {
            md.line("The same services exported on `tri` (Triple's wrapper mode: each argument and the result one stream"
                    + " of the format named in the wrapper), called by the same consumer JVM in the same interleaved"
                    + " rounds as the `dubbo` cases; ratios are to the Date page over Triple with stock hessian2"
                    + " (`hessian4` in the wrapper).");
            md.line("");
        }
        String baseName = Titles.value(baseDto) + (triple ? " over Triple, hessian2" : " over hessian2");
        md.line("| DTO | service | calls/s | vs " + baseName + " | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | CPU µs per call, consumer + provider JVM | vs " + baseName + " |");
        md.line("|---|---|---|---|---|---|---|---|---|---|---|");
        RpcCase base = rpc.find(protocolPrefix + "hessian2", baseDto);
        BarChart throughput = new BarChart(heading + ": Dubbo echo calls per second", "calls/s, higher is better");
        BarChart p99 = new BarChart(heading + ": Dubbo echo call latency p99 (µs)", "µs, lower is better");
        for (RpcCase c : rpc.cases()) {
            if (!dtos.contains(c.dto()) || c.format().startsWith(TRIPLE) != triple) {
                continue;
            }
            String dto = Titles.value(c.dto());
            double cpu = c.cpuPerCall();
            md.line("| " + dto + " | `" + c.format().substring(protocolPrefix.length()) + "` | " + ops(c.callsPerSecond()) + " | "
                    + ratio(c.callsPerSecond() / base.callsPerSecond()) + " | " + micros(c.p50Micros()) + " | "
                    + micros(c.p90Micros()) + " | " + micros(c.p99Micros()) + " | " + micros(c.p999Micros()) + " | "
                    + micros(c.maxMicros()) + " | " + (Double.isNaN(cpu) ? "–" : Markdown.oneDecimal(cpu)) + " | "
                    + ratio(cpu / base.cpuPerCall()) + " |");
            throughput.bar(dto, "service " + c.format().substring(protocolPrefix.length()), c.callsPerSecond());
            p99.bar(dto, "service " + c.format().substring(protocolPrefix.length()), c.p99Micros());
        }
        md.line("");
        List<String> received = new ArrayList<>();
        rpc.providerReceived().forEach((key, count) -> {
            if (key.startsWith(TRIPLE) == triple) {
                received.add("`" + key + "`: " + count);
            }
        });
        md.line("Formats the provider actually received (" + (triple
                ? "the serialization named in each request's wrapper, as hessian-time's provider read it (`hessian2` is"
                + " `hessian4` on the wire)" : "counted from each request header's serialization id") + "), as service"
                + " group and serialization: " + String.join(", ", received) + ". CPU per call is the CPU time"
                + " both JVMs used during the measured rounds divided by the calls; unlike calls/s it does not depend on"
                + " how much of the machine other processes took.");
        if (!rpc.consumerHasHessian2Time()) {
            md.line("");
            md.line("**In this run the `hessian2-time` Serialization was not on the class path**, so the service that"
                    + " advertises `prefer-serialization=hessian2-time,hessian2` was called with `hessian2`, as an old"
                    + " consumer would. Its rows measure the fallback, not the compact format. Once the Dubbo"
                    + " integration is on the class path the same command negotiates `hessian2-time` with no change.");
        }
        md.line("");
        md.line("![" + heading + " throughput](benchmarks/" + chartPrefix + "-throughput.svg)");
        md.line("");
        md.line("![" + heading + " p99](benchmarks/" + chartPrefix + "-p99.svg)");
        md.line("");
        md.chart(chartPrefix + "-throughput.svg", throughput);
        md.chart(chartPrefix + "-p99.svg", p99);
    }
}
