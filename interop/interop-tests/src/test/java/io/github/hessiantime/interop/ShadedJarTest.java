package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application jar made by maven-shade-plugin, hessian-time, hessian-lite 4.0.4, Dubbo 3.3.6 and Sentinel's Dubbo 3
 * adapter 1.8.8 inside (which ships {@code META-INF/dubbo/} files of its own, a {@code Filter} file among them):
 * with maven-shade's defaults (first file of a path wins) in both dependency orders (shaded-app-library-first:
 * Sentinel last; shaded-app-hessian-lite-first: Sentinel first), and with the transformers docs/dubbo.md gives
 * (shaded-app-appending). In each, nothing of either is lost: every SPI file of hessian-time and Sentinel's filters
 * are in the jar; BigDecimal, BigInteger, Locale and java.time values round-trip through a stock SerializerFactory,
 * hessian-time's factory, Dubbo's hessian2 and hessian2-time; a Dubbo call over loopback negotiates hessian2-time
 * (read from the frames), and a flow rule of Sentinel's provider filter still rejects a call.
 */
class ShadedJarTest {

    /** hessian-time's SPI files, each with its line (the library's SpiFilesTest checks the list is the jar's). */
    private static final Map<String, String> OURS = Map.of(
            "org.apache.dubbo.common.serialize.Serialization", "io.github.hessiantime.dubbo.Hessian2TimeSerialization",
            "org.apache.dubbo.rpc.model.ScopeModelInitializer",
            "io.github.hessiantime.dubbo.Hessian2TimeScopeModelInitializer",
            "org.apache.dubbo.rpc.Protocol", "io.github.hessiantime.dubbo.Hessian2TimeProtocolWrapper",
            "org.apache.dubbo.rpc.model.PackableMethodFactory",
            "io.github.hessiantime.dubbo.Hessian2TimePackableMethodFactory",
            "org.apache.dubbo.qos.api.BaseCommand", "io.github.hessiantime.dubbo.Hessian2TimeCommand");
    /** Sentinel's, each with one of its lines. */
    private static final Map<String, String> SENTINEL = Map.of(
            "org.apache.dubbo.rpc.Filter", "com.alibaba.csp.sentinel.adapter.dubbo3.SentinelDubboProviderFilter",
            "org.apache.dubbo.rpc.cluster.filter.ClusterFilter",
            "com.alibaba.csp.sentinel.adapter.dubbo3.SentinelDubboConsumerFilter");

    @ParameterizedTest
    @ValueSource(strings = {"library-first", "hessian-lite-first", "appending"})
    void aShadedApplicationKeepsEveryExtensionRoundTripsEverythingCallsItselfAndSentinelStillActs(String shape)
            throws Exception {
        String module = "shaded-app-" + shape;
        Path jar = Paths.get(System.getProperty("interop.peers"), module, "target", module + "-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), jar + " was built");
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertNotNull(zip.getEntry("META-INF/dubbo/internal/org.apache.dubbo.common.serialize.Serialization"),
                    "Dubbo's");
            for (Map<String, String> files : List.of(OURS, SENTINEL)) {
                for (Map.Entry<String, String> file : files.entrySet()) {
                    String text = entry(zip, "META-INF/dubbo/" + file.getKey());
                    assertTrue(text.contains("=" + file.getValue()), module + ": " + file + " lost:\n" + text);
                }
            }
        }
        Path log = Paths.get(System.getProperty("interop.logs"), module + ".log");
        try (DubboFrameTap tap = DubboFrameTap.inFrontOfAlias(module);
             ChildJvm app = ChildJvm.launch("io.github.hessiantime.shaded.ShadedApp").classpath(jar.toString())
                     .jvmArgs("-Xmx256m", "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.logger=jdk",
                             // Sentinel's resource names with its provider/consumer prefixes; its logs beside ours
                             "-Dcsp.sentinel.dubbo.resource.use.prefix=true",
                             "-Dcsp.sentinel.log.dir=" + log.resolveSibling(module + "-sentinel"))
                     .args(Integer.toString(tap.port()))
                     .log(log).start(module)) {
            List<String> checks = new ArrayList<>();
            for (String expected : List.of("stock", "factory", "hessian2-time", "hessian2", "call", "sentinel")) {
                ChildJvm.Answer answer = app.awaitLine(Peer.STARTUP.toMillis());
                assertTrue(answer.ok() && answer.line().startsWith("OK " + expected + " "), answer.line());
                checks.add(answer.line());
            }
            assertEquals(0, app.awaitExit(Peer.STARTUP.toMillis()));
            FrameCounts seen = tap.counts();
            System.out.println(module + ": " + checks + "; the calls' frames: " + seen);
            // the call, then the one Sentinel's provider filter rejected: both negotiated hessian2-time
            assertEquals(Map.of(26, 2L), seen.requestFrames(), "the calls negotiated hessian2-time");
            assertEquals(26, seen.onlySerializationId());
        }
        String output = Files.readString(log);
        assertEquals(1, output.lines().filter(line -> line.contains("hessian2-time is available")).count(), output);
        assertFalse(output.contains("hessian2-time is switched off"), output);
    }

    /** The transformers docs/dubbo.md gives are the ones shaded-app-appending is built with. */
    @Test
    void theDocsGiveTheTransformersOfTheTestedJar() throws IOException {
        Pattern between = Pattern.compile("<!-- shaded-jar:start -->\\s*(.*?)\\s*<!-- shaded-jar:end -->",
                Pattern.DOTALL);
        Matcher pom = between.matcher(Files.readString(Paths.get(System.getProperty("interop.peers"),
                "shaded-app-appending", "pom.xml")));
        assertTrue(pom.find());
        String docs = Files.readString(Paths.get(System.getProperty("interop.docs"), "dubbo.md"));
        assertTrue(normalized(docs).contains(normalized(pom.group(1))), "docs/dubbo.md does not show:\n"
                + pom.group(1));
        String readme = Files.readString(Paths.get(System.getProperty("interop.docs"), "..", "README.md"));
        assertTrue(readme.contains("AppendingTransformer"), "the README says a shaded jar needs the transformer");
    }

    private static String normalized(String text) {
        return text.replaceAll("\\s+", " ");
    }

    private static String entry(ZipFile zip, String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertNotNull(entry, name);
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
