package io.github.hessiantime.demo.api;

import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;

/** The demo service: orders whose fields are dates and times of every common kind. */
public interface OrderService {

    /** Stores {@code order} and returns the stored copy. */
    Order place(Order order);

    /** The Date-DTOs of the throughput comparison: returns the provider's copy of a page of rows of Dates. */
    Page<DateRow> echoDates(Page<DateRow> page);

    /** The LocalDateTime-DTOs of the throughput comparison: the same page with {@code LocalDateTime}s. */
    Page<LocalDateTimeRow> echoLocalDateTimes(Page<LocalDateTimeRow> page);
}
