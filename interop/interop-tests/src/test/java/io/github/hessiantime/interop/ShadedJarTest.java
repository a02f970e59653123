package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application jar made by maven-shade-plugin with its defaults, hessian-time, hessian-lite 4.0.4 and Dubbo 3.3.6
 * inside, in both dependency orders (shaded-app-library-first, shaded-app-hessian-lite-first). In each, BigDecimal,
 * BigInteger, Locale and java.time values round-trip through a stock SerializerFactory, hessian-time's factory,
 * Dubbo's hessian2 and hessian2-time, and a Dubbo call over loopback negotiates hessian2-time (read from the frames).
 */
class ShadedJarTest {

    @ParameterizedTest
    @ValueSource(strings = {"library-first", "hessian-lite-first"})
    void aShadedApplicationRoundTripsEverythingAndCallsItself(String order) throws Exception {
        String module = "shaded-app-" + order;
        Path jar = Paths.get(System.getProperty("interop.peers"), module, "target", module + "-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), jar + " was built");
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertNotNull(zip.getEntry("META-INF/dubbo/org.apache.dubbo.common.serialize.Serialization"), "ours");
            assertNotNull(zip.getEntry("META-INF/dubbo/internal/org.apache.dubbo.common.serialize.Serialization"),
                    "Dubbo's");
        }
        try (DubboFrameTap tap = DubboFrameTap.inFrontOfAlias(module);
             ChildJvm app = ChildJvm.launch("io.github.hessiantime.shaded.ShadedApp").classpath(jar.toString())
                     .jvmArgs("-Xmx256m", "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.logger=jdk")
                     .args(Integer.toString(tap.port()))
                     .log(Paths.get(System.getProperty("interop.logs"), module + ".log")).start(module)) {
            List<String> checks = new ArrayList<>();
            for (String expected : List.of("stock", "factory", "hessian2-time", "hessian2", "call")) {
                ChildJvm.Answer answer = app.awaitLine(Peer.STARTUP.toMillis());
                assertTrue(answer.ok() && answer.line().startsWith("OK " + expected + " equal="), answer.line());
                checks.add(answer.line());
            }
            assertEquals(0, app.awaitExit(Peer.STARTUP.toMillis()));
            FrameCounts seen = tap.counts();
            System.out.println(module + ": " + checks + "; the call's frames: " + seen);
            assertEquals(Map.of(26, 1L), seen.requestFrames(), "the call negotiated hessian2-time");
            assertEquals(26, seen.onlySerializationId());
        }
    }
}
