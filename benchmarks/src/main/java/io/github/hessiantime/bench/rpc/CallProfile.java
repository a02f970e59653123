package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.testsupport.ChildJvm;
import one.profiler.AsyncProfiler;
import one.profiler.Counter;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * {@code RpcBenchmark --profile}: async-profiler (its library from the Maven Central jar) samples CPU in both JVMs
 * while each case's measured calls run, and only then, so every sample belongs to one case: a format, a DTO and a
 * side. Where a call's CPU goes beside the serialization is Dubbo's and the transport's, the same for every format;
 * so what is kept of a stack is its case and, where it passes through a serialization's entry point (an
 * {@code ObjectOutput}, {@code ObjectInput} or {@code Serialization} of {@code hessian2}, {@code hessian2-time} or
 * {@code fastjson2}), the frames from that entry point on. Every sample also counts in its case's {@code ALL} line.
 *
 * <p>The output is async-profiler's collapsed format, gzipped: one line per stack, frames separated by {@code ;}, the
 * first frame {@code "<format> <dto> <consumer|provider>"}, then {@code ALL} or the serialization's frames, then the
 * sample count. Samples are of CPU time, one per 500 µs of a thread's CPU.
 */
final class CallProfile {
    static final String START = "profile-start";
    static final String STOP = "profile-stop";
    private static final String SAMPLING = "start,event=cpu,interval=500us";
    private static final Pattern SERIALIZATION_ENTRY = Pattern.compile(
            "(Hessian2TimeObjectOutput|Hessian2TimeObjectInput|Hessian2TimeSerialization|FastJson2ObjectOutput"
                    + "|FastJson2ObjectInput|FastJson2Serialization|Hessian2ObjectOutput|Hessian2ObjectInput"
                    + "|Hessian2Serialization)\\.");

    private final ChildJvm provider;
    private final Map<String, Long> samples = new TreeMap<>();

    CallProfile(ChildJvm provider) {
        this.provider = provider;
    }

    /** Starts sampling in both JVMs. */
    void start() throws Exception {
        provider.ok(START, 30_000);
        AsyncProfiler.getInstance().execute(SAMPLING);
    }

    /** Stops sampling in both JVMs and adds their samples to the case's. */
    void stop(String format, String dto) throws Exception {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        String consumer = profiler.dumpCollapsed(Counter.SAMPLES);
        profiler.stop();
        Path providerFile = Paths.get(provider.ok(STOP, 60_000).value("file"));
        String providerStacks = new String(Files.readAllBytes(providerFile), StandardCharsets.UTF_8);
        Files.delete(providerFile);
        add(format + " " + dto + " consumer", consumer);
        add(format + " " + dto + " provider", providerStacks);
    }

    private void add(String root, String collapsed) {
        for (String line : collapsed.split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            String stack = line.substring(0, space);
            samples.merge(root + ";ALL", count, Long::sum);
            int entry = serializationEntry(stack);
            if (entry >= 0) {
                samples.merge(root + ";" + stack.substring(entry), count, Long::sum);
            }
        }
    }

    // where the outermost frame of a serialization's entry point begins, or -1
    private static int serializationEntry(String stack) {
        Matcher matcher = SERIALIZATION_ENTRY.matcher(stack);
        if (!matcher.find()) {
            return -1;
        }
        return stack.lastIndexOf(';', matcher.start()) + 1;
    }

    void write(Path out) throws IOException {
        try (Writer writer = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(out)),
                StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Long> stack : samples.entrySet()) {
                writer.write(stack.getKey() + " " + stack.getValue() + "\n");
            }
        }
    }

    /** The provider's side of the two commands; the answer to {@value #STOP} names the file of its stacks. */
    static String serve(String command) throws Exception {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        if (command.equals(START)) {
            profiler.execute(SAMPLING);
            return "OK";
        }
        String collapsed = profiler.dumpCollapsed(Counter.SAMPLES);
        profiler.stop();
        Path file = Files.createTempFile("rpc-provider-profile", ".collapsed");
        Files.write(file, collapsed.getBytes(StandardCharsets.UTF_8));
        return "OK file=" + file;
    }
}
