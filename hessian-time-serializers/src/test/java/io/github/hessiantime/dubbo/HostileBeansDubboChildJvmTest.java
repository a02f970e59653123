package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileBeansProbe;
import io.github.hessiantime.testsupport.ChildJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 over Dubbo's SPI, in a child JVM ({@link HostileBeansProbe}): hostile variants of a page of DTOs decoded
 * over {@code hessian2-time} under STRICT class checks, every field of what comes back checked and touched through
 * its declared type. Over id 26 nothing but an IOException comes out (no RuntimeException at all, hessian-lite's own
 * included), no field holds a wrong object, the JVM survives; over {@code hessian2}, the control, the same variants
 * build beans with wrong objects in their fields (counted, never touched). Also run on Dubbo 3.2 with hessian-lite
 * 3.2.x (execution {@code dubbo-3.2-glue}).
 */
class HostileBeansDubboChildJvmTest {
    private static final long TIMEOUT_MILLIS = 180_000;

    @Test
    void overHessian2TimeNoFieldHoldsAWrongObjectAndNothingButAnIOExceptionComesOut() throws Exception {
        Path log = Paths.get(System.getProperty("hessiantime.mainClasses"), "..", "hostile-beans-dubbo-"
                + System.getProperty("hessiantime.hessianLiteLine", "4.0") + ".log");
        try (ChildJvm child = ChildJvm.launch(HostileBeansProbe.class.getName())
                .jvmArgs("-Xmx256m", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                        "-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file"))
                .log(log).start("hostile-beans-dubbo")) {
            child.awaitLine(TIMEOUT_MILLIS);
            ChildJvm.Answer time = child.ok("run " + DubboHostileCodecs.Hessian2Time.class.getName() + " touch 2",
                    TIMEOUT_MILLIS);
            assertEquals(0, time.longValue("wrongTyped"), time.toString());
            assertEquals(0, time.longValue("runtime"), time.toString());
            assertEquals(0, time.longValue("errors"), time.toString());
            assertTrue(time.longValue("built") > 1000 && time.longValue("refused") > 1000, time.toString());
            ChildJvm.Answer stock = child.ok("run " + DubboHostileCodecs.Hessian2.class.getName() + " count 2",
                    TIMEOUT_MILLIS);
            System.out.println("hessian2-time: " + time + "\nhessian2: " + stock);
            if (System.getProperty("hessiantime.hessianLiteLine", "4.0").equals("4.0")) {
                assertTrue(stock.longValue("wrongTyped") > 10, stock.toString());
            }   // Dubbo 3.2's hessian-lite 3.2.x sets fields by reflection, which checks their types
            child.exit("exit", TIMEOUT_MILLIS);
        }
    }
}
