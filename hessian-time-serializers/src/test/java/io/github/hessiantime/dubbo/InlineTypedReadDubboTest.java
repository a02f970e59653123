package io.github.hessiantime.dubbo;

import io.github.hessiantime.TypedReadDtos.Declared;
import io.github.hessiantime.TypedReadDtos.Sent;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What Dubbo does with a return value or an argument, {@code readObject(Class)}, when the declared class is not the
 * sent one (a consumer's own DTO of the same shape): the fields arrive by name over {@code hessian2}, and the same over
 * {@code hessian2-time} with its inline fields.
 */
class InlineTypedReadDubboTest {
    @RegisterExtension
    final DubboFramework dubbo = new DubboFramework();

    @Test
    void aTypedReadIntoAnotherClassOfTheSameShapeGetsTheFieldsByName() throws Exception {
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.WARN);
        for (String name : new String[]{"hessian2", Hessian2TimeSerialization.NAME}) {
            Declared back = (Declared) dubbo.read(name, dubbo.write(name, new Sent()), Declared.class);
            assertEquals(4, back.id, name);
            assertEquals(new Sent().at, back.at, name);
        }
    }
}
