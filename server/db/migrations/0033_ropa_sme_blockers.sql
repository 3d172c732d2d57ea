-- The SME exemption is never granted while an answer rules it out: a round kept with sensitive data,
-- risky or regular processing answered yes no longer reads "exempt" in its stored columns (the API works the
-- result out again from the answers; these columns are the same result, for SQL).
update ropa_sme_assessments
   set exempt = false, must_record = '{}'
 where exempt
   and (coalesce((answers ->> 'sensitiveData')::boolean, false)
     or coalesce((answers ->> 'riskyProcessing')::boolean, false)
     or coalesce((answers ->> 'notOccasional')::boolean, false));
update ropa_sme_assessments set must_record = '{refusals}' where exempt and must_record <> '{refusals}';
