package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.Serializable;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What Dubbo does with a return value or an argument, {@code readObject(Class)}, when the declared class is not the
 * sent one (a consumer's own DTO of the same shape): the fields arrive by name over {@code hessian2}, and the same over
 * {@code hessian2-time} with its inline fields.
 */
class InlineTypedReadDubboTest {
    @RegisterExtension
    final DubboFramework dubbo = new DubboFramework();

    public static final class SentDto implements Serializable {
        int id = 4;
        Instant at = Instant.parse("2025-11-22T10:15:30.123456Z");
    }

    public static final class WantedDto implements Serializable {
        int id;
        Instant at;
    }

    @Test
    void aTypedReadIntoAnotherClassOfTheSameShapeGetsTheFieldsByName() throws Exception {
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.WARN);
        for (String name : new String[]{"hessian2", Hessian2TimeSerialization.NAME}) {
            WantedDto back = (WantedDto) dubbo.read(name, dubbo.write(name, new SentDto()), WantedDto.class);
            assertEquals(4, back.id, name);
            assertEquals(new SentDto().at, back.at, name);
        }
    }
}
