package io.github.hessiantime.dubbo;

import io.github.hessiantime.TimeDecodingException;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Date;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24 through Dubbo's SPI: {@code hessian2-time} converts a DTO field between a moment and a local date-time in
 * the zone of the Dubbo property {@code dubbo.application.hessian2-time.zone} (an IANA id, or {@code system}), read
 * when the framework's first hessian2-time factory is made; without it, or with a value that is no zone, the
 * conversion is an error naming the property. Each test has a framework of its own.
 */
class MigrationZoneDubboTest {
    private static final String PROPERTY = "dubbo.application.hessian2-time.zone";
    private static final Instant MOMENT = Instant.parse("2025-11-22T10:15:30.123Z");

    @RegisterExtension
    final DubboFramework dubbo = new DubboFramework();

    /** The old version of a DTO: a Date field. */
    static final class ZoneD implements Serializable {
        Date v;
    }

    /** The new version: the same field as a LocalDateTime. */
    static final class ZoneL implements Serializable {
        LocalDateTime v;
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty(PROPERTY);
    }

    /** Written as one version, read as the other (the stream's class name renamed: same length). */
    private Object readAs(Object written, Class<?> readAs) throws Exception {
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.WARN);
        byte[] bytes = new String(dubbo.write(Hessian2TimeSerialization.NAME, written), StandardCharsets.ISO_8859_1)
                .replace(written.getClass().getName(), readAs.getName()).getBytes(StandardCharsets.ISO_8859_1);
        return dubbo.read(Hessian2TimeSerialization.NAME, bytes, readAs);
    }

    @Test
    void bothDirectionsInTheConfiguredZone() throws Exception {
        System.setProperty(PROPERTY, "Asia/Shanghai");
        ZoneD old = new ZoneD();
        old.v = Date.from(MOMENT);
        assertEquals(LocalDateTime.parse("2025-11-22T18:15:30.123"), ((ZoneL) readAs(old, ZoneL.class)).v);
        ZoneL next = new ZoneL();
        next.v = LocalDateTime.parse("2025-11-22T18:15:30.123456");
        assertEquals(new Date(MOMENT.toEpochMilli()), ((ZoneD) readAs(next, ZoneD.class)).v);
    }

    @Test
    void systemIsTheJvmsDefaultZone() throws Exception {
        System.setProperty(PROPERTY, "system");
        ZoneD old = new ZoneD();
        old.v = Date.from(MOMENT);
        assertEquals(LocalDateTime.ofInstant(MOMENT, ZoneId.systemDefault()), ((ZoneL) readAs(old, ZoneL.class)).v);
    }

    @Test
    void withoutTheZoneTheConversionIsAnErrorNamingTheProperty() {
        ZoneD old = new ZoneD();
        old.v = Date.from(MOMENT);
        IOException e = assertThrows(IOException.class, () -> readAs(old, ZoneL.class));
        assertTrue(messages(e).contains(PROPERTY) && messages(e).contains("ZoneL.v"), messages(e));
    }

    @Test
    void aValueThatIsNoZoneIsAnErrorNamingIt() {
        System.setProperty(PROPERTY, "Mars/Olympus");
        ZoneL next = new ZoneL();
        next.v = LocalDateTime.parse("2025-11-22T18:15:30");
        IOException e = assertThrows(IOException.class, () -> readAs(next, ZoneD.class));
        assertTrue(messages(e).contains(PROPERTY) && messages(e).contains("Mars/Olympus"), messages(e));
        assertTrue(messages(e).contains(TimeDecodingException.class.getName()), messages(e));
    }

    private static String messages(Throwable t) {
        StringBuilder messages = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            messages.append(c).append(" | ");
        }
        return messages.toString();
    }
}
